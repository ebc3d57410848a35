build-dev/cmd/fg-collapse/folded-input.o: cmd/fg-collapse/folded-input.c \
 cmd/fg-collapse/collapse.h common/fg.h common/base.h common/err.h \
 common/in.h common/out.h common/count.h common/stab.h common/opt.h \
 common/folded.h common/header.h common/sorted.h
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
