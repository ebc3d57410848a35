build-dev/cmd/fg-top/report.o: cmd/fg-top/report.c common/fg.h \
 common/base.h common/err.h common/in.h common/out.h common/count.h \
 common/stab.h common/opt.h common/folded.h common/header.h \
 common/sorted.h cmd/fg-top/top.h common/change.h common/stats.h \
 common/fg.h
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
cmd/fg-top/top.h:
common/change.h:
common/stats.h:
common/fg.h:
