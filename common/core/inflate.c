/* SPDX-License-Identifier: ISC */
/*
 * inflate.c: DEFLATE (RFC 1951) and gzip (RFC 1952) decompression, from
 * a buffer to a buffer. A streaming decode gets its input and gives its
 * output through the caller's hooks (struct fg_zsrc, fg_zsink: for the
 * input layer, in.c reads a file and writes a pipe); this file does
 * no I/O.
 *
 * Bits are read LSB first through a 64-bit buffer. Past the end of the
 * input the buffer is filled with zero bytes that are counted (over), so
 * the decoder never reads outside its input; a stream that consumes any
 * of them is truncated. Huffman codes are decoded with a 2^10 entry table
 * indexed by the next bits for the short (frequent) codes and canonical
 * bit-by-bit decoding for the rest. The whole output is the window.
 * Nothing is recursive; every loop consumes input or output.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"

#define MAXBITS 15		/* longest code */
#define FASTBITS 10		/* bits resolved by one table lookup */
#define FASTMASK ((1u << FASTBITS) - 1)
#define NLITLEN 288
#define NDIST 32

struct br {
	const unsigned char *p, *end;
	uint64_t bits;
	unsigned nbits;
	unsigned over;		/* zero bits appended past the end */
	struct fg_zsrc *src;	/* NULL: the whole input is [p, end) */
	const unsigned char *start;	/* buffer start, at offset base */
	uint64_t base;
};

#define ZKEEP 8			/* bytes kept behind p: the bit buffer's */
#define ZWIN 32768		/* DEFLATE's window */
#define ZOUT_CAP ((1u << 20) + ZWIN)	/* streaming output buffer */
#define ZFREE ((uint64_t)64 << 20)	/* output always allowed */

static void more(struct br *);

struct huff {
	uint16_t fast[1u << FASTBITS];	/* sym | len << 9; 0: long code */
	uint16_t count[MAXBITS + 1];	/* codes of each length */
	uint16_t sym[NLITLEN];		/* symbols in canonical order */
};

static const uint16_t lbase[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
};
static const uint8_t lextra[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0
};
static const uint16_t dbase[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
	8193, 12289, 16385, 24577
};
static const uint8_t dextra[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13
};

/* Tops the bit buffer up to at least 56 bits. */
static inline void
refill(struct br *b)
{
	uint64_t c;

	if (b->end - b->p < 8 && b->src != NULL)
		more(b);
	if (b->end - b->p >= 8) {
		/*
		 * Fast path: one 8-byte load; the bytes that do not fit
		 * whole are read again next time (the bits above nbits are
		 * always the stream's next bits, so OR-ing them is safe).
		 */
		c = (uint64_t)b->p[0] | (uint64_t)b->p[1] << 8 |
		    (uint64_t)b->p[2] << 16 | (uint64_t)b->p[3] << 24 |
		    (uint64_t)b->p[4] << 32 | (uint64_t)b->p[5] << 40 |
		    (uint64_t)b->p[6] << 48 | (uint64_t)b->p[7] << 56;
		b->bits |= c << b->nbits;
		b->p += (63 - b->nbits) >> 3;
		b->nbits |= 56;
		return;
	}
	while (b->nbits <= 56) {
		c = 0;
		if (b->p < b->end)
			c = *b->p++;
		else
			b->over += 8;
		b->bits |= c << b->nbits;
		b->nbits += 8;
	}
}

/* k <= 32 bits; the caller has refilled enough. */
static inline unsigned
take(struct br *b, unsigned k)
{
	unsigned v = (unsigned)(b->bits & ((1ull << k) - 1));

	b->bits >>= k;
	b->nbits -= k;
	return v;
}

static inline unsigned
getbits(struct br *b, unsigned k)
{
	if (b->nbits < k)
		refill(b);
	return take(b, k);
}

/* True when the decoder has used bits past the end of the input. */
static inline int
overrun(const struct br *b)
{
	return b->over > b->nbits;
}

/*
 * Builds a decoding table from n code lengths. Over-subscribed codes are
 * errors; incomplete ones are errors only when complete is set (the code
 * length code), else a missing code is reported when met.
 */
static const char *
build(struct huff *h, const uint8_t *len, unsigned n, int complete)
{
	uint16_t offs[MAXBITS + 2], next[MAXBITS + 1];
	unsigned s, l, code, rev, i, k;
	int left;

	memset(h->count, 0, sizeof(h->count));
	memset(h->fast, 0, sizeof(h->fast));
	for (s = 0; s < n; s++)
		h->count[len[s]]++;
	left = 1;
	for (l = 1; l <= MAXBITS; l++) {
		left <<= 1;
		left -= h->count[l];
		if (left < 0)
			return "invalid Huffman table (over-subscribed)";
	}
	if (left > 0 && complete)
		return "invalid Huffman table (incomplete)";
	offs[1] = 0;
	for (l = 1; l <= MAXBITS; l++)
		offs[l + 1] = (uint16_t)(offs[l] + h->count[l]);
	for (s = 0; s < n; s++)
		if (len[s] != 0)
			h->sym[offs[len[s]]++] = (uint16_t)s;
	/* canonical codes, bit-reversed into the fast table */
	code = 0;
	h->count[0] = 0;
	for (l = 1; l <= MAXBITS; l++) {
		code = (code + h->count[l - 1]) << 1;
		next[l] = (uint16_t)code;
	}
	for (s = 0; s < n; s++) {
		l = len[s];
		if (l == 0 || l > FASTBITS)
			continue;
		code = next[l]++;
		rev = 0;
		for (k = 0; k < l; k++)
			rev |= ((code >> k) & 1u) << (l - 1 - k);
		for (i = rev; i <= FASTMASK; i += 1u << l)
			h->fast[i] = (uint16_t)(s | l << 9);
	}
	return NULL;
}

/*
 * Decodes one symbol; the buffer holds at least 15 bits. Returns -1 when
 * the bits are no code of the table.
 */
static inline int
decode(struct br *b, const struct huff *h)
{
	unsigned e = h->fast[b->bits & FASTMASK];
	unsigned l, code, first, index, cnt;
	uint64_t bits;

	if (e != 0) {
		take(b, e >> 9);
		return (int)(e & 511);
	}
	/* canonical decoding of a code longer than FASTBITS */
	bits = b->bits;
	code = first = index = 0;
	for (l = 1; l <= MAXBITS; l++) {
		code |= (unsigned)(bits & 1);
		bits >>= 1;
		cnt = h->count[l];
		if (code - first < cnt) {
			take(b, l);
			return h->sym[index + (code - first)];
		}
		index += cnt;
		first = (first + cnt) << 1;
		code <<= 1;
	}
	return -1;
}

static const char toobig[] = "decompressed data larger than FG_GZIP_MAX_RATIO "
    "times the compressed size: a gzip bomb? (raise FG_GZIP_MAX_RATIO, "
    "0 for no limit)";
static const char *flush(struct fg_zbuf *, size_t);

/* Makes room for need more bytes of output (need <= 65536). */
static const char *
grow(struct fg_zbuf *o, size_t need)
{
	size_t cap = o->cap != 0 ? o->cap : 65536;

	if (o->sink != NULL) {
		if (o->cap == 0) {
			o->p = fg_malloc(ZOUT_CAP);
			o->cap = ZOUT_CAP;
		}
		return o->cap - o->len < need ? flush(o, ZWIN) : NULL;
	}
	if (o->max != 0 && o->len + need > o->max)
		return toobig;
	while (cap - o->len < need) {
		if (cap > SIZE_MAX / 2)
			fg_errx(FG_EXIT_ERR, "inflate: output too large");
		cap *= 2;
	}
	o->p = fg_realloc(o->p, cap);
	o->cap = cap;
	return NULL;
}

/* Adds p[mark..len) to the member's CRC and size. */
static void
account(struct fg_zbuf *o, size_t upto)
{
	if (upto > o->mark) {
		o->crc = fg_crc32(o->crc, o->p + o->mark, upto - o->mark);
		o->msize += upto - o->mark;
		o->mark = upto;
	}
}

/* Decodes the symbols of one compressed block. */
static const char *
codes(struct br *b, struct fg_zbuf *o, const struct huff *lh,
    const struct huff *dh)
{
	unsigned char *d, *e;
	const unsigned char *s;
	const char *err;
	size_t dist, len, i;
	int sym;

	for (;;) {
		refill(b);
		if (overrun(b))
			return "truncated deflate data";
		if (o->cap - o->len < 258 + 8 &&
		    (err = grow(o, 258 + 8)) != NULL)
			return err;
		sym = decode(b, lh);
		if (sym < 256) {
			if (sym < 0)
				return "invalid literal/length code";
			o->p[o->len++] = (unsigned char)sym;
			continue;
		}
		if (sym == 256)
			break;
		sym -= 257;
		if (sym >= 29)
			return "invalid literal/length code";
		len = lbase[sym] + take(b, lextra[sym]);
		sym = decode(b, dh);
		if (sym < 0 || sym >= 30)
			return "invalid distance code";
		dist = dbase[sym] + take(b, dextra[sym]);
		if (overrun(b))
			return "truncated deflate data";
		if (dist > o->len)
			return "invalid distance (too far back)";
		d = o->p + o->len;
		s = d - dist;
		if (dist >= 8) {
			/*
			 * 8 bytes at a time, each read from bytes already
			 * final; up to 7 bytes past the match are scratch
			 * (the buffer has room for them).
			 */
			e = d + len;
			do {
				memcpy(d, s, 8);
				d += 8;
				s += 8;
			} while (d < e);
		} else if (dist == 1)
			memset(d, *s, len);
		else
			for (i = 0; i < len; i++)
				d[i] = s[i];
		o->len += len;
	}
	return overrun(b) ? "truncated deflate data" : NULL;
}

static const uint8_t clorder[19] = {
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15
};

static const char *
dynamic(struct br *b, struct huff *lh, struct huff *dh)
{
	uint8_t len[NLITLEN + NDIST];
	unsigned nlen, ndist, ncode, i, n, rep, v;
	const char *err;
	int sym;

	refill(b);
	nlen = take(b, 5) + 257;
	ndist = take(b, 5) + 1;
	ncode = take(b, 4) + 4;
	if (nlen > 286 || ndist > 30)
		return "invalid dynamic block header";
	memset(len, 0, sizeof(len));
	for (i = 0; i < ncode; i++)
		len[clorder[i]] = (uint8_t)getbits(b, 3);
	if (overrun(b))
		return "truncated deflate data";
	if ((err = build(lh, len, 19, 1)) != NULL)
		return err;
	memset(len, 0, sizeof(len));
	for (i = 0; i < nlen + ndist; ) {
		refill(b);
		if (overrun(b))
			return "truncated deflate data";
		sym = decode(b, lh);
		if (sym < 0)
			return "invalid code length code";
		if (sym < 16) {
			len[i++] = (uint8_t)sym;
			continue;
		}
		if (sym == 16) {
			if (i == 0)
				return "invalid repeat of no code length";
			v = len[i - 1];
			rep = 3 + take(b, 2);
		} else if (sym == 17) {
			v = 0;
			rep = 3 + take(b, 3);
		} else {
			v = 0;
			rep = 11 + take(b, 7);
		}
		if (i + rep > nlen + ndist)
			return "invalid code lengths (too many)";
		for (n = 0; n < rep; n++)
			len[i++] = (uint8_t)v;
	}
	if (len[256] == 0)
		return "invalid Huffman table (no end-of-block code)";
	if ((err = build(lh, len, nlen, 0)) != NULL)
		return err;
	return build(dh, len + nlen, ndist, 0);
}

static void
fixed(struct huff *lh, struct huff *dh)
{
	uint8_t len[NLITLEN];
	unsigned i;

	for (i = 0; i < 144; i++)
		len[i] = 8;
	for (; i < 256; i++)
		len[i] = 9;
	for (; i < 280; i++)
		len[i] = 7;
	for (; i < NLITLEN; i++)
		len[i] = 8;
	(void)build(lh, len, NLITLEN, 0);
	for (i = 0; i < NDIST; i++)
		len[i] = 5;
	(void)build(dh, len, NDIST, 0);
}

/* Drops the bits of a partly used byte; returns the bit buffer's whole
 * real bytes to the input. */
static void
align(struct br *b)
{
	unsigned real;

	take(b, b->nbits % 8);
	real = b->nbits >= b->over ? (b->nbits - b->over) / 8 : 0;
	b->p -= real;
	b->bits = 0;
	b->nbits = b->over = 0;
}

/* Next byte of a byte-aligned stream (bit buffer empty), or -1 at end. */
static int
zbyte(struct br *b)
{
	if (b->p == b->end && b->src != NULL)
		more(b);
	return b->p < b->end ? *b->p++ : -1;
}

static const char *
stored(struct br *b, struct fg_zbuf *o)
{
	size_t len, nlen, k;
	const char *err;
	int c[4], i;

	if (overrun(b))
		return "truncated deflate data";
	align(b);
	for (i = 0; i < 4; i++)
		if ((c[i] = zbyte(b)) < 0)
			return "truncated deflate data";
	len = (size_t)c[0] | (size_t)c[1] << 8;
	nlen = (size_t)c[2] | (size_t)c[3] << 8;
	if (len != (~nlen & 0xffff))
		return "invalid stored block lengths";
	while (len > 0) {
		if (b->p == b->end && b->src != NULL)
			more(b);
		if (b->p == b->end)
			return "truncated deflate data";
		k = (size_t)(b->end - b->p);
		k = k < len ? k : len;
		if (o->cap - o->len < k && (err = grow(o, k)) != NULL)
			return err;
		memcpy(o->p + o->len, b->p, k);
		o->len += k;
		b->p += k;
		len -= k;
	}
	return NULL;
}

/* Offset in the input of the next unread whole byte. */
static uint64_t
zoff(const struct br *b)
{
	return b->base + (uint64_t)(b->p - b->start) -
	    (b->nbits > b->over ? (b->nbits - b->over) / 8 : 0);
}

/* Inflates one raw DEFLATE stream from b into out, byte-aligned after. */
static const char *
deflate(struct br *b, struct fg_zbuf *out)
{
	struct huff *lh, *dh;
	const char *err = NULL;
	unsigned last, type;

	lh = fg_malloc(2 * sizeof(*lh));
	dh = lh + 1;
	do {
		refill(b);
		last = take(b, 1);
		type = take(b, 2);
		if (overrun(b)) {
			err = "truncated deflate data";
			break;
		}
		if (type == 0)
			err = stored(b, out);
		else if (type == 1) {
			fixed(lh, dh);
			err = codes(b, out, lh, dh);
		} else if (type == 2) {
			if ((err = dynamic(b, lh, dh)) == NULL)
				err = codes(b, out, lh, dh);
		} else
			err = "invalid block type";
	} while (err == NULL && !last);
	free(lh);
	if (err == NULL && overrun(b))
		err = "truncated deflate data";
	if (err == NULL)
		align(b);
	return err;
}

const char *
fg_inflate(const unsigned char *in, size_t n, size_t *used,
    struct fg_zbuf *out)
{
	struct br b;
	const char *err;

	memset(&b, 0, sizeof(b));
	b.p = b.start = in;
	b.end = in + n;
	err = deflate(&b, out);
	/* on error: the byte holding the next unread bit */
	*used = (size_t)zoff(&b);
	return err;
}

/* ---- CRC-32, slicing by 8 ---- */

static uint32_t crctab[8][256];
static pthread_once_t crcinit = PTHREAD_ONCE_INIT;

static void
crc_init(void)
{
	uint32_t c;
	unsigned i, k;

	for (i = 0; i < 256; i++) {
		c = i;
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crctab[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			crctab[k][i] = (crctab[k - 1][i] >> 8) ^
			    crctab[0][crctab[k - 1][i] & 0xff];
}

uint32_t
fg_crc32(uint32_t crc, const void *buf, size_t n)
{
	const unsigned char *p = buf;
	uint32_t a, b2;

	pthread_once(&crcinit, crc_init);
	crc = ~crc;
	while (n >= 8) {
		a = crc ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 |
		    (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
		b2 = (uint32_t)p[4] | (uint32_t)p[5] << 8 |
		    (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;
		crc = crctab[7][a & 0xff] ^ crctab[6][(a >> 8) & 0xff] ^
		    crctab[5][(a >> 16) & 0xff] ^ crctab[4][a >> 24] ^
		    crctab[3][b2 & 0xff] ^ crctab[2][(b2 >> 8) & 0xff] ^
		    crctab[1][(b2 >> 16) & 0xff] ^ crctab[0][b2 >> 24];
		p += 8;
		n -= 8;
	}
	while (n-- > 0)
		crc = crctab[0][(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

/* ---- gzip ---- */

int
fg_is_gzip(const void *p, size_t n)
{
	const unsigned char *s = p;

	return n >= 2 && s[0] == 0x1f && s[1] == 0x8b;
}

static uint32_t
le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

enum { FHCRC = 2, FEXTRA = 4, FNAME = 8, FCOMMENT = 16 };

/* Reads n bytes (n <= 10), adding them to *crc. */
static int
zbytes(struct br *b, unsigned char *p, size_t n, uint32_t *crc)
{
	size_t i;
	int c;

	for (i = 0; i < n; i++) {
		if ((c = zbyte(b)) < 0)
			return -1;
		p[i] = (unsigned char)c;
	}
	*crc = fg_crc32(*crc, p, n);
	return 0;
}

/* Skips a zero-terminated header field. */
static int
zstring(struct br *b, uint32_t *crc)
{
	unsigned char c;

	do {
		if (zbytes(b, &c, 1, crc) < 0)
			return -1;
	} while (c != 0);
	return 0;
}

/* Parses a member header; the bit buffer is empty. */
static const char *
header(struct br *b)
{
	unsigned char h[10];
	uint32_t crc = 0, x;
	size_t xlen;
	unsigned flg;

	if (zbytes(b, h, 10, &crc) < 0)
		return "truncated header";
	if (h[0] != 0x1f || h[1] != 0x8b)
		return "bad magic";
	if (h[2] != 8)
		return "unknown compression method";
	flg = h[3];
	if (flg & 0xe0)
		return "reserved flags set";
	if (flg & FEXTRA) {
		if (zbytes(b, h, 2, &crc) < 0)
			return "truncated header";
		for (xlen = (size_t)h[0] | (size_t)h[1] << 8; xlen > 0;
		    xlen--)
			if (zbytes(b, h, 1, &crc) < 0)
				return "truncated header";
	}
	if ((flg & FNAME) && zstring(b, &crc) < 0)
		return "truncated header";
	if ((flg & FCOMMENT) && zstring(b, &crc) < 0)
		return "truncated header";
	if (flg & FHCRC) {
		x = crc;
		if (zbytes(b, h, 2, &crc) < 0)
			return "truncated header";
		if ((x & 0xffff) != ((unsigned)h[0] | (unsigned)h[1] << 8))
			return "header CRC mismatch";
	}
	return NULL;
}

/* Checks a member's trailer against its output. */
static const char *
trailer(struct br *b, struct fg_zbuf *o)
{
	unsigned char t[8];
	uint32_t crc = 0;

	account(o, o->len);
	if (zbytes(b, t, 8, &crc) < 0)
		return "truncated trailer";
	if (o->crc != le32(t))
		return "CRC mismatch (corrupt data)";
	if ((uint32_t)o->msize != le32(t + 4))
		return "length mismatch (corrupt data)";
	return NULL;
}

/*
 * More members after one, or the end: zero padding is allowed, anything
 * else must be a gzip header. Returns 1 for another member, 0 at the end.
 */
static int
another(struct br *b, const char **err)
{
	for (;;) {
		if (b->p == b->end && b->src != NULL)
			more(b);
		if (b->p == b->end)
			return 0;
		if (*b->p != 0)
			break;
		b->p++;
	}
	if (b->end - b->p >= 2 && b->p[1] != 0x8b) {
		*err = "trailing garbage";
		return 0;
	}
	if (*b->p != 0x1f) {
		*err = "trailing garbage";
		return 0;
	}
	return 1;
}

/*
 * The gzip members of b into o. Errors in a header are reported at the
 * member's start, others near the byte where they were found.
 */
static const char *
gunzip(struct br *b, struct fg_zbuf *o, uint64_t *off)
{
	const char *err = NULL;
	uint64_t at;
	int member = 0;

	do {
		at = zoff(b);
		if ((err = header(b)) != NULL) {
			*off = at;
			return err;
		}
		account(o, o->len);
		o->crc = 0;
		o->msize = 0;
		err = deflate(b, o);
		at = zoff(b);
		if (err == NULL && (err = trailer(b, o)) == NULL)
			at = zoff(b);
		member++;
	} while (err == NULL && another(b, &err));
	*off = err != NULL ? at : zoff(b);
	return err;
}

const char *
fg_gunzip(const unsigned char *in, size_t n, unsigned char **out,
    size_t *outlen, size_t *off)
{
	struct fg_zbuf o;
	struct br b;
	const char *err;
	uint64_t at;
	uint32_t hint;
	unsigned ratio = fg_gz_ratio();

	memset(&o, 0, sizeof(o));
	memset(&b, 0, sizeof(b));
	b.p = b.start = in;
	b.end = in + n;
	if (ratio != 0)
		o.max = ZFREE + (uint64_t)ratio * n;
	/*
	 * The last member's size (mod 2^32) is a good first guess of the
	 * whole: it saves copies while growing.
	 */
	hint = n >= 4 ? le32(in + n - 4) : 0;
	if (hint > 0 && hint <= (uint32_t)1 << 30 && hint / 1032 <= n &&
	    (o.max == 0 || hint < o.max))
		(void)grow(&o, hint + 1);
	else
		(void)grow(&o, 1);	/* never a null buffer */
	err = gunzip(&b, &o, &at);
	*off = (size_t)at;
	if (err == NULL && o.cap == o.len)
		err = grow(&o, 1);
	if (err != NULL) {
		free(o.p);
		return err;
	}
	o.p[o.len] = '\0';
	*out = o.p;
	*outlen = o.len;
	return NULL;
}

/* ---- streaming ---- */

unsigned
fg_gz_ratio(void)
{
	const char *e = getenv("FG_GZIP_MAX_RATIO");
	unsigned long v;
	char *end;

	if (e == NULL || *e == '\0')
		return 100;
	errno = 0;
	v = strtoul(e, &end, 10);
	if (*end != '\0' || errno != 0 || v > UINT_MAX)
		fg_errx(FG_EXIT_ERR, "FG_GZIP_MAX_RATIO: not a number: %s", e);
	return (unsigned)v;
}

/*
 * Refills the input buffer: keeps the ZKEEP bytes before p (the bit
 * buffer may hold them, and align() gives them back) and asks the
 * source's hook until 8 bytes are ahead or the input ends (the decoder
 * then reports truncated data when it wanted more).
 */
static void
more(struct br *b)
{
	struct fg_zsrc *s = b->src;
	size_t keep, n, r;

	if (s->eof)
		return;
	keep = (size_t)(b->p - s->buf) < ZKEEP ? (size_t)(b->p - s->buf) :
	    ZKEEP;
	n = (size_t)(b->end - b->p) + keep;
	b->base += (uint64_t)(b->p - keep - b->start);
	memmove(s->buf, b->p - keep, n);
	b->p = b->start = s->buf + keep;
	b->start = s->buf;
	while (!s->eof && n - keep < 8) {
		r = s->read(s->arg, s->buf + n, s->cap - n);
		if (r == 0)
			s->eof = 1;
		else {
			n += r;
			s->nin += (uint64_t)r;
		}
	}
	b->end = s->buf + n;
}

/*
 * Gives all output but the last keep bytes to the sink's hook. Returns
 * "" when the reader has gone away (no error: it wants no more).
 */
static const char *
flush(struct fg_zbuf *o, size_t keep)
{
	struct fg_zsink *k = o->sink;
	size_t n = o->len > keep ? o->len - keep : 0;

	account(o, n);
	if (n > 0 && !k->gone && k->write(k->arg, o->p, n) < 0)
		k->gone = 1;	/* nobody wants the rest */
	o->flushed += n;
	if (k->gone)
		return "";
	if (k->ratio != 0 &&
	    o->flushed > ZFREE + (uint64_t)k->ratio * k->src->nin)
		return toobig;
	if (n == 0)		/* nothing written yet: o->p may be NULL */
		return NULL;
	memmove(o->p, o->p + n, o->len - n);
	o->len -= n;
	o->mark -= n;
	return NULL;
}

const char *
fg_gunzip_stream(struct fg_zsrc *src, struct fg_zsink *sink, uint64_t *off)
{
	struct fg_zbuf o;
	struct br b;
	const char *err;

	memset(&o, 0, sizeof(o));
	memset(&b, 0, sizeof(b));
	o.sink = sink;
	b.src = src;
	b.p = b.end = b.start = src->buf;
	b.end += src->nin;	/* the bytes read before */
	err = gunzip(&b, &o, off);
	if (err == NULL)
		err = flush(&o, 0);
	if (err != NULL && *err == '\0')
		err = NULL;		/* the reader stopped early */
	free(o.p);
	return err;
}
