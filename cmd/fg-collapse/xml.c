/* SPDX-License-Identifier: ISC */
/*
 * xml.c: the XML scanner xctrace.c reads with (xml.h):
 * one tag at a time over the whole input, with the attributes asked for;
 * comments, CDATA sections, processing instructions and declarations
 * skipped; entities &amp; &lt; &gt; &quot; &apos; and &#N; decoded on
 * request. No DTDs, nothing recursive.
 */
#include <string.h>

#include "xml.h"

static uint64_t
lineof(const struct xml *x, const char *p)
{
	uint64_t n = 1;
	const char *q;

	for (q = x->s; q < p && (q = memchr(q, '\n', (size_t)(p - q))) != NULL;
	    q++)
		n++;
	return n;
}

void
xml_warn(struct xml *x, const char *at, const char *msg)
{
	x->in->lineno = lineof(x, at);
	fg_in_warn(x->in, "%s", msg);
}

int
xml_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Appends the UTF-8 encoding of code point c. */
static void
pututf8(struct buf *b, unsigned long c)
{
	char u[4];

	if (c == 0 || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		c = 0xfffd;
	buf_put(b, u, fg_utf8_put(u, (uint32_t)c));
}

/* Length of an entity at s ("&amp;"), its text appended to b; 0: none. */
static size_t
entity(struct buf *b, const char *s, size_t n)
{
	static const char *const nm[] = { "amp;", "lt;", "gt;", "quot;",
	    "apos;" };
	static const char ch[] = "&<>\"'";
	unsigned long c = 0;
	size_t i;
	int hex;

	for (i = 0; i < 5; i++)
		if (fg_hasprefix(s + 1, n - 1, nm[i])) {
			buf_put(b, ch + i, 1);
			return strlen(nm[i]) + 1;
		}
	if (n < 4 || s[1] != '#')
		return 0;
	hex = s[2] == 'x' || s[2] == 'X';
	for (i = 2 + (size_t)hex; i < n && i < 12 && s[i] != ';'; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			c = c * (hex ? 16 : 10) + (unsigned long)(s[i] - '0');
		else if (hex && ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'f'))
			c = c * 16 + (unsigned long)((s[i] | 0x20) - 'a' + 10);
		else
			return 0;
	}
	if (i >= n || s[i] != ';' || i == 2 + (size_t)hex)
		return 0;
	pututf8(b, c);
	return i + 1;
}

void
xml_text(struct buf *b, const char *s, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		if (s[i] == '&' && (k = entity(b, s + i, n - i)) > 0)
			i += k - 1;
		else
			buf_put(b, s + i, 1);
	}
}

/* Keeps the value v[0..vn) of the attribute nm[0..nl) if it is asked for. */
static void
keep(struct xml_tag *t, const char *const *attr, size_t nattr,
    const char *nm, size_t nl, const char *v, size_t vn)
{
	size_t i;

	for (i = 0; i < nattr; i++)
		if (strlen(attr[i]) == nl && memcmp(nm, attr[i], nl) == 0) {
			t->a[i].v = v;
			t->a[i].n = vn;
			return;
		}
}

/* Reads the attributes of a tag from *pp up to '>'; 0 when truncated. */
static int
attrs(struct xml *x, const char **pp, struct xml_tag *t,
    const char *const *attr, size_t nattr)
{
	const char *p = *pp, *e = x->e, *nm, *v;
	size_t nl;
	char q;

	memset(t->a, 0, sizeof(t->a));
	t->empty = 0;
	for (;;) {
		while (p < e && xml_ws(*p))
			p++;
		if (p >= e)
			return 0;
		if (*p == '>' || (*p == '/' && p + 1 < e && p[1] == '>')) {
			t->empty = *p == '/';
			*pp = p + 1 + t->empty;
			return 1;
		}
		for (nm = p; p < e && !xml_ws(*p) && *p != '=' && *p != '>' &&
		    *p != '/'; p++)
			;
		nl = (size_t)(p - nm);
		while (p < e && xml_ws(*p))
			p++;
		if (p >= e)
			return 0;
		if (*p != '=') {
			if (nl == 0)
				p++;	/* a stray '/' or the like */
			continue;
		}
		for (p++; p < e && xml_ws(*p); p++)
			;
		if (p >= e || (*p != '"' && *p != '\''))
			continue;
		q = *p++;
		v = p;
		if ((p = memchr(p, q, (size_t)(e - p))) == NULL)
			return 0;
		keep(t, attr, nattr, nm, nl, v, (size_t)(p - v));
		p++;
	}
}

/* Skips markup that is not an element; 0 when it is not closed. */
static int
skip(struct xml *x, const char **pp)
{
	static const struct {
		const char *open, *close;
	} kinds[] = {
		{ "<!--", "-->" }, { "<![CDATA[", "]]>" }, { "<?", "?>" },
		{ "<!", ">" }
	};
	const char *p = *pp, *c;
	size_t i, n = (size_t)(x->e - p);

	for (i = 0; i < 4; i++)
		if (fg_hasprefix(p, n, kinds[i].open)) {
			c = fg_memmem(p, n, kinds[i].close,
			    strlen(kinds[i].close));
			if (c == NULL)
				return 0;
			*pp = c + strlen(kinds[i].close);
			return 1;
		}
	return -1;
}

/* An end tag at t->at: its name; x->p after its '>' or at the end. */
static void
endtag(struct xml *x, struct xml_tag *t)
{
	const char *p = t->at + 2;

	for (t->name = p; p < x->e && *p != '>' && *p != ' '; p++)
		;
	t->nlen = (size_t)(p - t->name);
	t->end = 1;
	t->empty = 0;
	p = memchr(p, '>', (size_t)(x->e - p));
	x->p = t->after = p != NULL ? p + 1 : x->e;
}

int
xml_next(struct xml *x, struct xml_tag *t, const char *const *attr,
    size_t nattr)
{
	const char *p, *at;
	int r;

	do {
		if ((at = memchr(x->p, '<', (size_t)(x->e - x->p))) == NULL)
			return 0;
		p = at;
		if ((r = skip(x, &p)) == 0) {
			xml_warn(x, at, "unclosed comment or declaration");
			x->p = x->e;
			return 0;
		}
		if (r > 0)
			x->p = p;
	} while (r > 0);
	t->at = at;
	if (++p < x->e && *p == '/') {
		endtag(x, t);
		return 1;
	}
	for (t->name = p; p < x->e && *p != '>' && *p != '/' && *p != ' ' &&
	    *p != '\t' && *p != '\n' && *p != '\r'; p++)
		;
	t->nlen = (size_t)(p - t->name);
	t->end = 0;
	if (!attrs(x, &p, t, attr, nattr)) {
		xml_warn(x, at, "input ends inside a tag");
		x->p = x->e;
		return 0;
	}
	x->p = t->after = p;
	return 1;
}
