build-dev/cmd/fg-diff/overlap.o: cmd/fg-diff/overlap.c \
 cmd/fg-diff/overlap.h common/fg.h common/base.h common/err.h common/in.h \
 common/out.h common/count.h common/stab.h common/opt.h common/folded.h \
 common/header.h common/sorted.h
cmd/fg-diff/overlap.h:
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
