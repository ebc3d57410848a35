build-dev/common/color.o: common/color.c common/fg.h common/base.h \
 common/err.h common/in.h common/out.h common/count.h common/stab.h \
 common/opt.h common/folded.h common/header.h common/sorted.h \
 common/stats.h common/color.h common/flame.h
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
common/color.h:
common/flame.h:
