/* SPDX-License-Identifier: ISC */
/*
 * gzstream.h: gzip input decompressed as it is read, from a file
 * descriptor into a pipe, on a thread of its own (gzstream.c, decoding
 * with inflate.c): what the input layer, in.c, uses for every tool.
 */
#ifndef FG_GZSTREAM_H
#define FG_GZSTREAM_H

#include <stddef.h>
#include <stdint.h>

/*
 * Streaming decompression of the gzip data on fd, of which the first
 * npre bytes were already read into pre (copied). Returns the read end of
 * a pipe that a new thread fills with the decompressed bytes; *gz is its
 * handle for fg_gz_end(). fd is closed at the end when ownfd is set.
 */
struct fg_gz;
int fg_gz_start(struct fg_gz **gz, int fd, int ownfd, const void *pre,
    size_t npre);

/*
 * Waits for the thread (after the pipe's EOF, or after the reader has
 * closed its end) and frees gz. Returns NULL, or a static error message
 * with *off set to the compressed offset near the error.
 */
const char *fg_gz_end(struct fg_gz *gz, uint64_t *off);
#endif
