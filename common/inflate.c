/* SPDX-License-Identifier: ISC */
/*
 * inflate.c: DEFLATE (RFC 1951) and gzip (RFC 1952) decompression.
 *
 * Bits are read LSB first through a 64-bit buffer. Past the end of the
 * input the buffer is filled with zero bytes that are counted (over), so
 * the decoder never reads outside its input; a stream that consumes any
 * of them is truncated. Huffman codes are decoded with a 2^10 entry table
 * indexed by the next bits for the short (frequent) codes and canonical
 * bit-by-bit decoding for the rest. The whole output is the window.
 * Nothing is recursive; every loop consumes input or output.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "inflate.h"

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
};

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

static void
grow(struct fg_zbuf *o, size_t need)
{
	size_t cap = o->cap != 0 ? o->cap : 65536;

	while (cap - o->len < need) {
		if (cap > SIZE_MAX / 2)
			fg_errx(FG_EXIT_ERR, "inflate: output too large");
		cap *= 2;
	}
	o->p = fg_realloc(o->p, cap);
	o->cap = cap;
}

/* Decodes the symbols of one compressed block. */
static const char *
codes(struct br *b, struct fg_zbuf *o, const struct huff *lh,
    const struct huff *dh)
{
	unsigned char *d, *e;
	const unsigned char *s;
	size_t dist, len, i;
	int sym;

	for (;;) {
		refill(b);
		if (overrun(b))
			return "truncated deflate data";
		if (o->cap - o->len < 258 + 8)
			grow(o, 258 + 8);
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

static const char *
stored(struct br *b, struct fg_zbuf *o)
{
	size_t len, nlen;

	if (overrun(b))
		return "truncated deflate data";
	align(b);
	if (b->end - b->p < 4)
		return "truncated deflate data";
	len = (size_t)b->p[0] | (size_t)b->p[1] << 8;
	nlen = (size_t)b->p[2] | (size_t)b->p[3] << 8;
	b->p += 4;
	if (len != (~nlen & 0xffff))
		return "invalid stored block lengths";
	if ((size_t)(b->end - b->p) < len)
		return "truncated deflate data";
	if (len == 0)
		return NULL;
	if (o->cap - o->len < len)
		grow(o, len);
	memcpy(o->p + o->len, b->p, len);
	o->len += len;
	b->p += len;
	return NULL;
}

const char *
fg_inflate(const unsigned char *in, size_t n, size_t *used,
    struct fg_zbuf *out)
{
	struct br b;
	struct huff *lh, *dh;
	const char *err = NULL;
	unsigned last, type;

	lh = fg_malloc(2 * sizeof(*lh));
	dh = lh + 1;
	memset(&b, 0, sizeof(b));
	b.p = in;
	b.end = in + n;
	do {
		refill(&b);
		last = take(&b, 1);
		type = take(&b, 2);
		if (overrun(&b)) {
			err = "truncated deflate data";
			break;
		}
		if (type == 0)
			err = stored(&b, out);
		else if (type == 1) {
			fixed(lh, dh);
			err = codes(&b, out, lh, dh);
		} else if (type == 2) {
			if ((err = dynamic(&b, lh, dh)) == NULL)
				err = codes(&b, out, lh, dh);
		} else
			err = "invalid block type";
	} while (err == NULL && !last);
	free(lh);
	if (err == NULL && overrun(&b))
		err = "truncated deflate data";
	if (err == NULL)
		align(&b);
	/* on error: the byte holding the next unread bit */
	*used = (size_t)(b.p - in) -
	    (b.nbits > b.over ? (b.nbits - b.over) / 8 : 0);
	return err;
}

/* ---- CRC-32, slicing by 8 ---- */

static uint32_t crctab[8][256];
static int crcinit;

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
	crcinit = 1;
}

uint32_t
fg_crc32(uint32_t crc, const void *buf, size_t n)
{
	const unsigned char *p = buf;
	uint32_t a, b2;

	if (!crcinit)
		crc_init();
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

/* Parses a member header at in[*pos..n); advances *pos past it. */
static const char *
header(const unsigned char *in, size_t n, size_t *pos)
{
	size_t p = *pos, xlen;
	const unsigned char *z;
	unsigned flg;

	if (n - p < 10)
		return "truncated header";
	if (in[p] != 0x1f || in[p + 1] != 0x8b)
		return "bad magic";
	if (in[p + 2] != 8)
		return "unknown compression method";
	flg = in[p + 3];
	if (flg & 0xe0)
		return "reserved flags set";
	p += 10;
	if (flg & FEXTRA) {
		if (n - p < 2)
			return "truncated header";
		xlen = (size_t)in[p] | (size_t)in[p + 1] << 8;
		p += 2;
		if (n - p < xlen)
			return "truncated header";
		p += xlen;
	}
	if (flg & FNAME) {
		if ((z = memchr(in + p, 0, n - p)) == NULL)
			return "truncated header";
		p = (size_t)(z - in) + 1;
	}
	if (flg & FCOMMENT) {
		if ((z = memchr(in + p, 0, n - p)) == NULL)
			return "truncated header";
		p = (size_t)(z - in) + 1;
	}
	if (flg & FHCRC) {
		if (n - p < 2)
			return "truncated header";
		if ((fg_crc32(0, in + *pos, p - *pos) & 0xffff) !=
		    ((unsigned)in[p] | (unsigned)in[p + 1] << 8))
			return "header CRC mismatch";
		p += 2;
	}
	*pos = p;
	return NULL;
}

const char *
fg_gunzip(const unsigned char *in, size_t n, unsigned char **out,
    size_t *outlen, size_t *off)
{
	struct fg_zbuf o = { NULL, 0, 0 };
	const char *err = NULL;
	size_t pos = 0, used, start, i;
	uint32_t hint;
	int member = 0;

	grow(&o, 1);		/* never a null buffer, even when empty */
	while (pos < n || member == 0) {
		if (member > 0) {
			/* more members, or zero padding */
			for (i = pos; i < n && in[i] == 0; i++)
				;
			if (i == n)
				break;
			if (n - pos < 2 || in[pos] != 0x1f ||
			    in[pos + 1] != 0x8b) {
				err = "trailing garbage";
				break;
			}
		}
		if ((err = header(in, n, &pos)) != NULL)
			break;
		start = o.len;
		if (member == 0 && n >= 4) {
			/*
			 * The last member's size (mod 2^32) is a good first
			 * guess of the whole: it saves copies while growing.
			 */
			hint = le32(in + n - 4);
			if (hint > 0 && hint <= (uint32_t)1 << 30 &&
			    hint / 1032 <= n)
				grow(&o, hint + 1);
		}
		err = fg_inflate(in + pos, n - pos, &used, &o);
		pos += used;
		if (err != NULL)
			break;
		if (n - pos < 8) {
			err = "truncated trailer";
			break;
		}
		if (fg_crc32(0, o.p + start, o.len - start) != le32(in + pos)) {
			err = "CRC mismatch (corrupt data)";
			break;
		}
		if ((uint32_t)(o.len - start) != le32(in + pos + 4)) {
			err = "length mismatch (corrupt data)";
			break;
		}
		pos += 8;
		member++;
	}
	*off = pos;
	if (err != NULL) {
		free(o.p);
		return err;
	}
	if (o.cap == o.len)
		grow(&o, 1);
	o.p[o.len] = '\0';
	*out = o.p;
	*outlen = o.len;
	return NULL;
}
