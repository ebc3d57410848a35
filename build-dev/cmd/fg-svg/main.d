build-dev/cmd/fg-svg/main.o: cmd/fg-svg/main.c common/fg.h common/base.h \
 common/err.h common/in.h common/out.h common/count.h common/stab.h \
 common/opt.h common/folded.h common/header.h common/sorted.h \
 cmd/fg-svg/svg.h common/flame.h common/color.h common/stats.h \
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
cmd/fg-svg/svg.h:
common/flame.h:
common/color.h:
common/stats.h:
common/fg.h:
