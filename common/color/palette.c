/* SPDX-License-Identifier: ISC */
/*
 * palette.c: flamegraph.pl's palettes, pure functions of a frame name.
 * By default a name's colour comes from flamegraph.pl's "random_namehash":
 * the sum of the name's code points seeds drand48, whose first value picks
 * the shade, so a function has the same colour as in flamegraph.pl and in
 * every graph. --hash uses flamegraph.pl's weighted name hash instead.
 * Also colour values: parsing "#rrggbb" and "rgb(r,g,b)", formatting.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fg.h"
#include "color.h"

const char *const fg_pal_names[FG_PAL_N] = {
	"hot", "mem", "io", "wakeup", "chain", "java", "js", "perl",
	"python", "rust", "red", "green", "blue", "aqua", "yellow", "purple",
	"orange"
};

int
fg_pal_parse(const char *s)
{
	int i;

	for (i = 0; i < FG_PAL_N; i++)
		if (strcmp(s, fg_pal_names[i]) == 0)
			return i;
	return -1;
}

/* Perl's rand() after srand(seed): the first value of drand48. */
static double
seeded(uint32_t seed)
{
	uint64_t x = ((uint64_t)seed << 16) | 0x330e;

	x = (0x5deece66dULL * x + 0xb) & ((1ULL << 48) - 1);
	return ldexp((double)x, -48);
}

/*
 * The sum of a name's code points; a stray byte counts as itself, and so
 * does every ASCII byte (a control character too): eight ASCII bytes at a
 * time, as long C++ names cost a sum like this for every frame drawn.
 */
static uint32_t
cpsum(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	const uint64_t lo = 0x00ff00ff00ff00ffULL;
	uint64_t w;
	uint32_t sum = 0, cp;
	size_t k;

	while (n > 0) {
		if (n >= 8) {
			memcpy(&w, p, 8);
			if ((w & 0x8080808080808080ULL) == 0) {
				/* four 16-bit lanes of at most 254 each */
				w = (w & lo) + (w >> 8 & lo);
				sum += (uint32_t)((w * 0x0001000100010001ULL) >>
				    48);
				p += 8;
				n -= 8;
				continue;
			}
		}
		k = fg_utf8_next(p, n, &cp);
		if (cp == 0xfffd && k == 1)
			cp = p[0];	/* a stray byte counts as itself */
		sum += cp;
		p += k;
		n -= k;
	}
	return sum;
}

/* flamegraph.pl's namehash: the first three characters, weighted. */
static double
namehash(const uint32_t *cp, size_t n)
{
	double vector = 0, weight = 1, max = 1;
	unsigned mod = 10;
	size_t i;

	for (i = 0; i < n; i++) {
		vector += ((double)(cp[i] % mod) / (mod - 1)) * weight;
		mod++;
		max += weight;
		weight *= 0.70;
		if (mod > 12)
			break;
	}
	return 1 - vector / max;
}

static void
hashvals(const char *s, size_t n, double *v1, double *v23)
{
	uint32_t fw[3], bw[3], cp;
	const unsigned char *p = (const unsigned char *)s;
	const char *tick;
	size_t i, k, f = 0, e = n, nf = 0, nb = 0;

	/*
	 * flamegraph.pl hashes the name and the reversed name, each after
	 * dropping a leading "module`" (everything up to the first '`' that
	 * is not the first character).
	 */
	if (n > 1 && (tick = memchr(s + 1, '`', n - 1)) != NULL)
		f = (size_t)(tick + 1 - s);
	for (i = n > 0 ? n - 1 : 0; i-- > 0;)
		if (s[i] == '`') {
			e = i;
			break;
		}
	for (i = f; i < n && nf < 3; i += k) {
		k = fg_utf8_next(p + i, n - i, &cp);
		fw[nf++] = cp;
	}
	for (i = e; i > 0 && nb < 3;) {
		k = 1;
		while (k < i && k < 4 && (p[i - k] & 0xc0) == 0x80)
			k++;
		if (fg_utf8_next(p + i - k, k, &cp) != k) {
			k = 1;
			cp = 0xfffd;
		}
		bw[nb++] = cp;
		i -= k;
	}
	*v1 = namehash(fw, nf);
	*v23 = namehash(bw, nb);
}

/* A path component "pythonX.Y" or "PythonXY". */
static int
pystdlib(const char *s, size_t n)
{
	size_t i = 0, j;

	while (i < n) {
		j = i;
		while (j < n && s[j] != '/' && s[j] != '\\')
			j++;
		if (j - i > 6 && (fg_hasprefix(s + i, j - i, "python") ||
		    fg_hasprefix(s + i, j - i, "Python"))) {
			size_t m = i + 6;

			while (m < j && ((s[m] >= '0' && s[m] <= '9') ||
			    s[m] == '.'))
				m++;
			if (m == j)
				return 1;
		}
		i = j + 1;
	}
	return 0;
}

static int
pycomponent(const char *s, size_t n, const char *c)
{
	size_t i = 0, j, k = strlen(c);

	while (i <= n) {
		j = i;
		while (j < n && s[j] != '/' && s[j] != '\\')
			j++;
		if (j - i == k && memcmp(s + i, c, k) == 0)
			return 1;
		i = j + 1;
	}
	return 0;
}

/* The multi-palettes pick a basic palette from the name. */
static int
resolve(int pal, const char *s, size_t n)
{
	const char *t;

	switch (pal) {
	case FG_PAL_JAVA:
		if (fg_hassuffix(s, n, "_[j]"))
			return FG_PAL_GREEN;
		if (fg_hassuffix(s, n, "_[i]"))
			return FG_PAL_AQUA;
		t = s + (n > 0 && s[0] == 'L');
		if (fg_hasprefix(t, n - (size_t)(t - s), "java/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "javax/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "jdk/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "net/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "org/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "com/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "io/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "sun/") ||
		    fg_contains(s, n, ":::"))
			return FG_PAL_GREEN;
		if (fg_contains(s, n, "::"))
			return FG_PAL_YELLOW;
		if (fg_hassuffix(s, n, "_[k]"))
			return FG_PAL_ORANGE;
		return FG_PAL_RED;
	case FG_PAL_PERL:
		if (fg_contains(s, n, "::"))
			return FG_PAL_YELLOW;
		if (fg_contains(s, n, "Perl") || fg_contains(s, n, ".pl"))
			return FG_PAL_GREEN;
		if (fg_hassuffix(s, n, "_[k]"))
			return FG_PAL_ORANGE;
		return FG_PAL_RED;
	case FG_PAL_JS:
		if (fg_hassuffix(s, n, "_[j]"))
			return memchr(s, '/', n) ? FG_PAL_GREEN : FG_PAL_AQUA;
		if (fg_contains(s, n, "::"))
			return FG_PAL_YELLOW;
		if ((t = memchr(s, '/', n)) != NULL &&
		    fg_contains(t, n - (size_t)(t - s), ".js"))
			return FG_PAL_GREEN;
		if (memchr(s, ':', n))
			return FG_PAL_AQUA;
		if (n == 1 && s[0] == ' ')
			return FG_PAL_GREEN;
		if (fg_contains(s, n, "_[k]"))
			return FG_PAL_ORANGE;
		return FG_PAL_RED;
	case FG_PAL_PYTHON:
		if (pycomponent(s, n, "site-packages"))
			return FG_PAL_AQUA;
		if (pystdlib(s, n) || fg_hasprefix(s, n, "<built-in") ||
		    fg_hasprefix(s, n, "<method") || fg_hasprefix(s, n, "<frozen"))
			return FG_PAL_YELLOW;
		return FG_PAL_RED;
	case FG_PAL_RUST:
		if ((t = memchr(s, '`', n)) != NULL) {
			n -= (size_t)(t + 1 - s);
			s = t + 1;
		}
		if (fg_hasprefix(s, n, "core::") || fg_hasprefix(s, n, "std::") ||
		    fg_hasprefix(s, n, "alloc::") || (fg_hasprefix(s, n,
		    "<core::") && !fg_hasprefix(s, n,
		    "<core::future::from_generator::GenFuture<T>")) ||
		    fg_hasprefix(s, n, "<std::") || fg_hasprefix(s, n, "<alloc::"))
			return FG_PAL_ORANGE;
		if (fg_contains(s, n, "::"))
			return FG_PAL_AQUA;
		return FG_PAL_YELLOW;
	case FG_PAL_WAKEUP:
		return FG_PAL_AQUA;
	case FG_PAL_CHAIN:
		return fg_contains(s, n, "_[w]") ? FG_PAL_AQUA : FG_PAL_BLUE;
	}
	return pal;
}

uint32_t
fg_pal_color(int palette, int hash, const char *s, size_t n)
{
	double v1, v2, v3;
	int pal;

	if (hash) {
		hashvals(s, n, &v1, &v2);
		v3 = v2;
	} else
		v1 = v2 = v3 = seeded(cpsum(s, n));
	pal = resolve(palette, s, n);
	switch (pal) {
	case FG_PAL_HOT:
		return FG_RGB(205 + (int)(50 * v3), (int)(230 * v1),
		    (int)(55 * v2));
	case FG_PAL_MEM:
		return FG_RGB(0, 190 + (int)(50 * v2), (int)(210 * v1));
	case FG_PAL_IO:
		return FG_RGB(80 + (int)(60 * v1), 80 + (int)(60 * v1),
		    190 + (int)(55 * v2));
	case FG_PAL_RED:
		return FG_RGB(200 + (int)(55 * v1), 50 + (int)(80 * v1),
		    50 + (int)(80 * v1));
	case FG_PAL_GREEN:
		return FG_RGB(50 + (int)(60 * v1), 200 + (int)(55 * v1),
		    50 + (int)(60 * v1));
	case FG_PAL_BLUE:
		return FG_RGB(80 + (int)(60 * v1), 80 + (int)(60 * v1),
		    205 + (int)(50 * v1));
	case FG_PAL_YELLOW:
		return FG_RGB(175 + (int)(55 * v1), 175 + (int)(55 * v1),
		    50 + (int)(20 * v1));
	case FG_PAL_PURPLE:
		return FG_RGB(190 + (int)(65 * v1), 80 + (int)(60 * v1),
		    190 + (int)(65 * v1));
	case FG_PAL_AQUA:
		return FG_RGB(50 + (int)(60 * v1), 165 + (int)(55 * v1),
		    165 + (int)(55 * v1));
	case FG_PAL_ORANGE:
		return FG_RGB(190 + (int)(65 * v1), 90 + (int)(65 * v1), 0);
	}
	return 0;
}

/*
 * colorval: colour values read from text, "#rrggbb" and "rgb(r,g,b)"
 * (colorval), for palette maps, options and the annotation lines;
 * colorval-fmt writes them.
 */
uint32_t
fg_color_parse(const char *s, size_t n)
{
	unsigned v[3] = { 0, 0, 0 };
	size_t i;
	int k;

	if (n == 7 && s[0] == '#') {
		uint32_t c = 0;

		for (i = 1; i < 7; i++) {
			int h = s[i];

			if (h >= '0' && h <= '9')
				h -= '0';
			else if (h >= 'a' && h <= 'f')
				h -= 'a' - 10;
			else if (h >= 'A' && h <= 'F')
				h -= 'A' - 10;
			else
				return FG_NOCOLOR;
			c = c << 4 | (uint32_t)h;
		}
		return c;
	}
	if (n < 10 || memcmp(s, "rgb(", 4) != 0 || s[n - 1] != ')')
		return FG_NOCOLOR;
	i = 4;
	for (k = 0; k < 3; k++) {
		size_t st = i;

		while (i < n - 1 && s[i] >= '0' && s[i] <= '9' && i - st < 3)
			v[k] = v[k] * 10 + (unsigned)(s[i++] - '0');
		if (i == st || v[k] > 255)
			return FG_NOCOLOR;
		if (k < 2 && s[i++] != ',')
			return FG_NOCOLOR;
	}
	if (i != n - 1)
		return FG_NOCOLOR;
	return FG_RGB(v[0], v[1], v[2]);
}

/*
 * colorval-fmt: a colour value written as text, "#rrggbb" (colorval),
 * for palette maps, the annotation lines and the SVG; colorval reads
 * the text back.
 */
void
fg_color_fmt(char *buf, uint32_t c)
{
	static const char hx[] = "0123456789abcdef";
	int i;

	buf[0] = '#';
	for (i = 0; i < 6; i++)
		buf[1 + i] = hx[(c >> (20 - 4 * i)) & 15];
	buf[7] = '\0';
}
