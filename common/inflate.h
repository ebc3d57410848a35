/* SPDX-License-Identifier: ISC */
/*
 * inflate.h: DEFLATE (RFC 1951) and gzip (RFC 1951/1952) decompression,
 * whole buffer in and out, or streaming from a file descriptor into a pipe
 * on a thread of its own (what the input layer, in.c, uses for every
 * tool). Corrupt or truncated input gives an error message, never a read
 * outside the input.
 */
#ifndef FG_INFLATE_H
#define FG_INFLATE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Output of the decoder. Without a sink it grows and the whole of it is
 * the window; with one, all but the last 32 KiB are written out whenever
 * the buffer fills. The other fields are the decoder's.
 */
struct fg_zbuf {
	unsigned char *p;
	size_t len, cap;
	struct zsink *sink;
	size_t mark;		/* p[mark..len) not yet in crc and msize */
	uint32_t crc;		/* of the current gzip member's output */
	uint64_t msize;
	uint64_t flushed;	/* bytes written to the sink */
	uint64_t max;		/* total output allowed; 0: no limit */
};

/* True when the buffer starts with the gzip magic (1f 8b). */
int fg_is_gzip(const void *p, size_t n);

/*
 * Inflates one raw DEFLATE stream from in[0..n), appending to out.
 * *used is set to the number of input bytes the stream took (the final
 * partial byte counts). Returns NULL, or a static error message.
 */
const char *fg_inflate(const unsigned char *in, size_t n, size_t *used,
    struct fg_zbuf *out);

/*
 * Decompresses gzip data (one or more members, each CRC32 and ISIZE
 * checked; trailing zero bytes are allowed) into a malloc'd buffer
 * (*out, *outlen, NUL-terminated). Returns NULL, or a static error
 * message, with *off set to the input offset near the error.
 */
const char *fg_gunzip(const unsigned char *in, size_t n, unsigned char **out,
    size_t *outlen, size_t *off);

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

/*
 * The limit on decompressed size against bombs: output may exceed 64 MiB
 * only up to FG_GZIP_MAX_RATIO (environment; default 100, 0 for no
 * limit) times the compressed bytes read.
 */
unsigned fg_gz_ratio(void);

/* CRC-32 (ISO-HDLC, as gzip uses it) of p[0..n) continuing from crc. */
uint32_t fg_crc32(uint32_t crc, const void *p, size_t n);

#endif
