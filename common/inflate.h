/* SPDX-License-Identifier: ISC */
/*
 * inflate.h: DEFLATE (RFC 1951) and gzip (RFC 1951/1952) decompression,
 * whole buffer in and out, or streaming through the caller's hooks
 * (inflate.c, which does no I/O; gzstream.h streams a file through it).
 * Corrupt or truncated input gives an error message, never a read outside
 * the input.
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
	struct fg_zsink *sink;
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
 * A streaming decode's input: the decoder's buffer (buf, cap bytes; its
 * first nin bytes the input read before the decode starts), which it
 * refills through read(arg, p, n): up to n bytes into p, 0 at the end of
 * the input (or after an error, reported by the hook).
 */
struct fg_zsrc {
	size_t (*read)(void *arg, unsigned char *p, size_t n);
	void *arg;
	unsigned char *buf;
	size_t cap;
	int eof;
	uint64_t nin;		/* bytes read so far */
};
/*
 * A streaming decode's output: write(arg, p, n) takes all n bytes and
 * returns 0, or -1 when the reader has gone (it wants no more: the decode
 * stops, without an error). Output may pass 64 MiB only up to ratio times
 * src's bytes read (0: no limit).
 */
struct fg_zsink {
	int (*write)(void *arg, const unsigned char *p, size_t n);
	void *arg;
	int gone;
	unsigned ratio;
	const struct fg_zsrc *src;
};
/*
 * Decompresses the gzip data of src into sink, all but the last 32 KiB
 * of the output given to it whenever the decoder's buffer fills. Returns
 * NULL, or a static error message with *off set to the compressed offset
 * near the error.
 */
const char *fg_gunzip_stream(struct fg_zsrc *src, struct fg_zsink *sink,
    uint64_t *off);

/*
 * The limit on decompressed size against bombs: output may exceed 64 MiB
 * only up to FG_GZIP_MAX_RATIO (environment; default 100, 0 for no
 * limit) times the compressed bytes read.
 */
unsigned fg_gz_ratio(void);

/* CRC-32 (ISO-HDLC, as gzip uses it) of p[0..n) continuing from crc. */
uint32_t fg_crc32(uint32_t crc, const void *p, size_t n);

#endif
