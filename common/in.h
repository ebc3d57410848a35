/* SPDX-License-Identifier: ISC */
/*
 * in.h: line input: read(2) into a growing buffer, lines in place (in.c;
 * the warnings about its lines are err.h's).
 */
#ifndef FG_IN_H
#define FG_IN_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

struct fg_in {
	int fd;
	const char *name;	/* as given; "-" shown as "<stdin>" */
	char *buf;
	size_t cap, pos, end;
	uint64_t lineno;	/* number of the line last returned */
	int eof;
	int ownfd;
	unsigned nwarn;		/* data warnings printed for this input */
	uint64_t nbad;		/* malformed lines seen */
	int callermem;		/* buf is the caller's memory (fg_in_mem) */
	int quiet;		/* no warnings, no exit status change */
	uint64_t boff;		/* file offset of buf[0] */
	int ranged;		/* reading [roff, rend) with pread(2) */
	uint64_t roff, rend;
	unsigned nfill;		/* reads so far (a range's first is short) */
	int slurp;		/* reading a whole file: no line limit */
	int crwarned;		/* warned about a carriage return */
	struct fg_gz *gz;	/* decompressing gzip input (inflate.h) */
};
/* Opens path ("-" is stdin); on failure prints a message and exits. */
void fg_in_open(struct fg_in *in, const char *path);
/* Opens path; returns -1 (errno set) instead of exiting. */
int fg_in_tryopen(struct fg_in *in, const char *path);
void fg_in_close(struct fg_in *in);
/*
 * An input over bytes [start, end) of the file open on fd, read with
 * pread(2) so that several threads can read parts of one file; the fd is
 * not closed with it.
 */
void fg_in_range(struct fg_in *in, const char *name, int fd, uint64_t start,
    uint64_t end);
/*
 * The file, not yet read from, has size bytes: it is read with pread(2) up
 * to there, and ending sooner is fatal ("input file shrank while being
 * read") instead of a silent early end of input.
 */
void fg_in_expect(struct fg_in *in, uint64_t size);
/* Longest line read into memory: FG_MAX_LINE, default 64 MiB. */
size_t fg_in_maxline(void);
/* File offset of p, a pointer into a line fg_in_line returned. */
uint64_t fg_in_offset(const struct fg_in *in, const char *p);
/*
 * An input over len bytes of memory the caller owns: never written nor
 * freed, and its lines are not NUL-terminated.
 */
void fg_in_mem(struct fg_in *in, const char *name, const char *buf,
    size_t len);
/*
 * Returns the next line in place, without its '\n' (nor a '\r' before it),
 * NUL-terminated in the buffer unless the input is the caller's memory;
 * *len is its length. NULL at end of input. The line stays valid until the
 * next call (the caller's memory: as long as the caller keeps it). Read
 * errors are fatal.
 */
char *fg_in_line(struct fg_in *in, size_t *len);
/*
 * For readers of bytes rather than lines (fg-collapse's inraw.c): reads
 * more into the buffer (end of input sets eof), and, when input ends
 * outside fg_in_fill, the gzip thread's verdict (fatal on an error).
 */
void fg_in_fill(struct fg_in *in);
void fg_in_gzend(struct fg_in *in);
#endif
