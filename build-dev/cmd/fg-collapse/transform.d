build-dev/cmd/fg-collapse/transform.o: cmd/fg-collapse/transform.c \
 cmd/fg-collapse/collapse.h common/fg.h common/base.h common/err.h \
 common/in.h common/out.h common/count.h common/stab.h common/opt.h \
 common/folded.h common/header.h common/sorted.h common/sym.h
cmd/fg-collapse/collapse.h:
common/fg.h:
common/base.h:
common/err.h:
common/in.h:
common/out.h:
common/count.h:
common/stab.h:
common/opt.h:
common/folded.h:
common/header.h:
common/sorted.h:
common/sym.h:
