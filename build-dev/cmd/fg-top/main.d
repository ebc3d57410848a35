build-dev/cmd/fg-top/main.o: cmd/fg-top/main.c common/fg.h common/base.h \
 common/err.h common/in.h common/out.h common/count.h common/stab.h \
 common/opt.h common/folded.h common/header.h common/sorted.h \
 common/stats.h common/fg.h common/change.h common/stats.h \
 cmd/fg-top/top.h
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
common/stats.h:
common/fg.h:
common/change.h:
common/stats.h:
cmd/fg-top/top.h:
