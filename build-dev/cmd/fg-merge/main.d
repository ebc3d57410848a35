build-dev/cmd/fg-merge/main.o: cmd/fg-merge/main.c common/sum.h \
 common/fg.h common/base.h common/err.h common/in.h common/out.h \
 common/count.h common/stab.h common/opt.h common/folded.h \
 common/header.h common/sorted.h
common/sum.h:
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
