build-dev/common/change.o: common/change.c common/fg.h common/base.h \
 common/err.h common/in.h common/out.h common/count.h common/stab.h \
 common/opt.h common/folded.h common/header.h common/sorted.h \
 common/change.h common/stats.h
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
common/change.h:
common/stats.h:
