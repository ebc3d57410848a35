build-dev/cmd/fg-collapse/pb.o: cmd/fg-collapse/pb.c cmd/fg-collapse/pb.h
cmd/fg-collapse/pb.h:
