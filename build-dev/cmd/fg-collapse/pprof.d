build-dev/cmd/fg-collapse/pprof.o: cmd/fg-collapse/pprof.c \
 cmd/fg-collapse/collapse.h common/fg.h common/base.h common/err.h \
 common/in.h common/out.h common/count.h common/stab.h common/opt.h \
 common/folded.h common/header.h common/sorted.h common/inflate.h \
 cmd/fg-collapse/pb.h common/sym.h
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
common/inflate.h:
cmd/fg-collapse/pb.h:
common/sym.h:
