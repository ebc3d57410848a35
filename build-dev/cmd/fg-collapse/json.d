build-dev/cmd/fg-collapse/json.o: cmd/fg-collapse/json.c common/fg.h \
 common/base.h common/err.h common/in.h common/out.h common/count.h \
 common/stab.h common/opt.h common/folded.h common/header.h \
 common/sorted.h cmd/fg-collapse/json.h
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
cmd/fg-collapse/json.h:
