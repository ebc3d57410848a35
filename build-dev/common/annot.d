build-dev/common/annot.o: common/annot.c common/fg.h common/base.h \
 common/err.h common/in.h common/out.h common/count.h common/stab.h \
 common/opt.h common/folded.h common/header.h common/sorted.h \
 common/color.h common/stats.h common/flame.h
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
common/color.h:
common/stats.h:
common/flame.h:
