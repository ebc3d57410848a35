build-dev/cmd/fg-svg/script.o: cmd/fg-svg/script.c
