/* SPDX-License-Identifier: ISC */
/*
 * inflate.h: DEFLATE (RFC 1951) and gzip (RFC 1951/1952) decompression,
 * whole buffer in, whole buffer out. Corrupt or truncated input gives an
 * error message, never a read outside the input.
 */
#ifndef FG_INFLATE_H
#define FG_INFLATE_H

#include <stddef.h>
#include <stdint.h>

/* Growable output of the decoder (the whole of it is the window). */
struct fg_zbuf {
	unsigned char *p;
	size_t len, cap;
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

/* CRC-32 (ISO-HDLC, as gzip uses it) of p[0..n) continuing from crc. */
uint32_t fg_crc32(uint32_t crc, const void *p, size_t n);

#endif
