/* SPDX-License-Identifier: ISC */
/*
 * wtext.c: numbers and text as fg-svg writes them into the SVG: counts,
 * amounts, percentages, escaped text, names cut in the middle, base 36,
 * attributes and text elements.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "wout.h"


void
out_num(double v)
{
	char buf[64];

	if (v == floor(v) && fabs(v) < 1e15) {
		if (v < 0) {
			fg_out_char('-');
			v = -v;
		}
		fg_out_u64((uint64_t)v);
		return;
	}
	snprintf(buf, sizeof(buf), "%.10g", v);
	fg_out_str(buf);
}

/* One decimal, without a trailing ".0": flamegraph.pl's %0.1f, shorter. */
void
out_fix1(double v)
{
	long long k = llround(v * 10);

	if (k < 0) {
		fg_out_char('-');
		k = -k;
	}
	fg_out_u64((uint64_t)(k / 10));
	if (k % 10 != 0) {
		fg_out_char('.');
		fg_out_char('0' + (int)(k % 10));
	}
}

void
out_commas(double v)
{
	char buf[40];

	fg_out_write(buf, fmt_commas(buf, v));
}

/* v with commas into buf (40 bytes); returns its length. */
size_t
fmt_commas(char *buf, double v)
{
	char d[32];
	size_t k = 0;
	int n, i;

	if (v < 0) {
		buf[k++] = '-';
		v = -v;
	}
	if (!(v < 9.2e18))
		return k + (size_t)snprintf(buf + k, 32, "%.4g", v);
	n = snprintf(d, sizeof(d), "%.0f", v);
	for (i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = d[i];
	}
	buf[k] = '\0';
	return k;
}

/*
 * A count as shown: scaled by --factor or the unit (1 ms for 10^6 ns,
 * svg_opts), whole numbers with commas, others with two decimals as the
 * script shows them.
 */
void
out_amount(const struct svg_opts *o, double v)
{
	double a;
	char buf[8];

	v *= o->factor;
	if (o->factor == 1 || v == floor(v) || !(fabs(v) < 1e15)) {
		out_commas(v);
		return;
	}
	a = round(fabs(v) * 100);
	if (v < 0 && a > 0)
		fg_out_char('-');
	out_commas(floor(a / 100));
	snprintf(buf, sizeof(buf), ".%02d", (int)fmod(a, 100));
	fg_out_str(buf);
}

void
out_pct(double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.2f%%", v);
	fg_out_str(buf);
}

/* A yearly cost: whole units with commas, cents below 100. */
void
out_money(double v)
{
	char buf[40];

	fg_out_write(buf, fmt_money(buf, v));
}

/* A yearly cost as out_money writes it, into buf (40 bytes). */
size_t
fmt_money(char *buf, double v)
{
	if (fabs(v) >= 100)
		return fmt_commas(buf, round(v));
	return (size_t)snprintf(buf, 40, "%.2f", v);
}

/* "/yr" after a cost, " EUR/yr" with --currency EUR. */
void
out_peryear(const struct svg_opts *o)
{
	if (o->currency != NULL) {
		fg_out_char(' ');
		out_text(o->currency);
	}
	fg_out_str("/yr");
}

void
out_text(const char *s)
{
	xml_text(s, strlen(s), SIZE_MAX);
}

/* Byte offset of character k of s[0..n). */
static size_t
charoff(const char *s, size_t n, size_t k)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t off = 0;
	uint32_t cp;

	while (k-- > 0 && off < n)
		off += fg_utf8_next(p + off, n - off, &cp);
	return off;
}

/* s[0..n), cut in the middle to at most max characters ("ab...yz"). */
void
out_midcut(const char *s, size_t n, size_t max)
{
	size_t nch = fg_utf8_len(s, n), head, tail;

	if (nch <= max || max < 5) {
		xml_text(s, n, max < 5 ? max : SIZE_MAX);
		return;
	}
	head = (max - 1) / 2;
	tail = max - 1 - head;
	xml_text(s, n, head);
	fg_out_str("\xe2\x80\xa6");
	head = charoff(s, n, nch - tail);
	xml_text(s + head, n - head, SIZE_MAX);
}

/* The script's numbers (d, out_views): whole in base 36, others "~%g". */
void
out_b36(double v)
{
	char buf[40];

	fg_out_write(buf, fmt_b36(buf, v));
}

/* v as out_b36 writes it, into buf (40 bytes); returns its length. */
size_t
fmt_b36(char *buf, double v)
{
	char d[16], *p = d + sizeof(d);
	size_t k = 0;
	uint64_t u;

	if (v != floor(v) || fabs(v) >= 9e15)
		return (size_t)snprintf(buf, 40, "~%.10g", v);
	if (v < 0)
		buf[k++] = '-';
	u = (uint64_t)fabs(v);
	do {
		*--p = "0123456789abcdefghijklmnopqrstuvwxyz"[u % 36];
		u /= 36;
	} while (u > 0);
	memcpy(buf + k, p, (size_t)(d + sizeof(d) - p));
	return k + (size_t)(d + sizeof(d) - p);
}

void
out_attr(const char *name, const char *val)
{
	fg_out_char(' ');
	fg_out_str(name);
	fg_out_str("=\"");
	out_text(val);
	fg_out_char('"');
}

void
out_textstart(const char *id, const char *cls, double x, double y)
{
	fg_out_str("<text");
	if (id != NULL)
		out_attr("id", id);
	if (cls != NULL)
		out_attr("class", cls);
	fg_out_str(" x=\"");
	out_fix1(x);
	fg_out_str("\" y=\"");
	out_fix1(y);
	fg_out_str("\">");
}

void
out_textel(const char *id, const char *cls, double x, double y,
    const char *s)
{
	out_textstart(id, cls, x, y);
	out_text(s);
	fg_out_str("</text>\n");
}

void
out_swatch(double x, double y, double fs, const char *hex)
{
	fg_out_str("</title><rect x=\"");
	out_fix1(x);
	fg_out_str("\" y=\"");
	out_fix1(y - fs + 2);
	fg_out_str("\" width=\"");
	out_fix1(fs);
	fg_out_str("\" height=\"");
	out_fix1(fs);
	fg_out_str("\" fill=\"");
	fg_out_str(hex);
	fg_out_str("\"/>");
}

/*
 * Frame names into XML. Names are arbitrary bytes; XML 1.0 allows only
 * well-formed UTF-8 without most control characters, so anything else
 * becomes U+FFFD (common/core/sym.c). The markup characters are escaped
 * everywhere (text and attribute values alike), which also keeps "]]>"
 * and "--" harmless.
 */

/*
 * Unicode bidirectional controls (LRM, RLM, ALM, the embeddings and
 * overrides U+202A..U+202E, the isolates U+2066..U+2069): a name holding
 * them would reorder the text around it in titles and labels, so a tooltip
 * could show another name or other numbers. They become U+FFFD.
 */
static int
bidictl(uint32_t cp)
{
	return cp == 0x200e || cp == 0x200f || cp == 0x061c ||
	    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/* The entity of each ASCII byte that needs one. */
static const char *const xmlent[128] = {
	['\t'] = "&#9;", ['\n'] = "&#10;", ['\r'] = "&#13;",
	['"'] = "&quot;", ['&'] = "&amp;", ['\''] = "&#39;",
	['<'] = "&lt;", ['>'] = "&gt;"
};

/*
 * The escaped text is gathered in a buffer written out when full: C++
 * template names hold a '<' or '>' every few characters, and a name is
 * written at least once for every frame drawn.
 */
struct xbuf {
	char b[512];
	size_t n;
};

static void
xput(struct xbuf *x, const void *p, size_t n)
{
	if (n > sizeof(x->b) - x->n) {
		fg_out_write(x->b, x->n);
		x->n = 0;
		if (n > sizeof(x->b)) {
			fg_out_write(p, n);
			return;
		}
	}
	memcpy(x->b + x->n, p, n);
	x->n += n;
}

size_t
xml_text(const char *s, size_t n, size_t maxch)
{
	const unsigned char *p = (const unsigned char *)s, *q;
	struct xbuf x;
	size_t cnt = 0, k, m;
	uint32_t cp;
	const char *rep;

	x.n = 0;
	while (n > 0 && cnt < maxch) {
		/* a run of ASCII characters that stand for themselves */
		m = maxch - cnt < n ? maxch - cnt : n;
		for (q = p; q < p + m && *q >= 0x20 && *q < 0x80 &&
		    xmlent[*q] == NULL; q++)
			;
		if (q > p) {
			k = (size_t)(q - p);
			xput(&x, p, k);
			p += k;
			n -= k;
			cnt += k;
			continue;
		}
		k = 1;
		if (*p < 0x80 && xmlent[*p] != NULL)
			rep = xmlent[*p];
		else {
			k = fg_utf8_next(p, n, &cp);
			rep = (cp == 0xfffd && k == 1) || bidictl(cp) ?
			    "\xef\xbf\xbd" : NULL;
		}
		if (rep != NULL)
			xput(&x, rep, strlen(rep));
		else
			xput(&x, p, k);
		p += k;
		n -= k;
		cnt++;
	}
	if (x.n > 0)
		fg_out_write(x.b, x.n);
	return cnt;
}
