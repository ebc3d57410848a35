/* SPDX-License-Identifier: ISC */
/*
 * xml.c: frame names into XML. Names are arbitrary bytes; XML 1.0 allows
 * only well-formed UTF-8 without most control characters, so anything else
 * becomes U+FFFD. The markup characters are escaped everywhere (text and
 * attribute values alike), which also keeps "]]>" and "--" harmless.
 */
#include <string.h>

#include "fg.h"
#include "flame.h"

size_t
fg_utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t c = s[0], min;
	size_t k, i;

	if (c < 0x80) {
		*cp = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') ?
		    0xfffd : c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		k = 2;
		c &= 0x1f;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		k = 3;
		c &= 0x0f;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		k = 4;
		c &= 0x07;
		min = 0x10000;
	} else {
		*cp = 0xfffd;
		return 1;
	}
	if (n < k) {
		*cp = 0xfffd;
		return 1;
	}
	for (i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*cp = 0xfffd;
			return 1;
		}
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) ||
	    c == 0xfffe || c == 0xffff) {
		*cp = 0xfffd;
		return 1;
	}
	*cp = c;
	return k;
}

size_t
fg_utf8_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t cnt = 0, k;
	uint32_t cp;

	while (n > 0) {
		if (*p < 0x80)
			k = 1;
		else
			k = fg_utf8_next(p, n, &cp);
		p += k;
		n -= k;
		cnt++;
	}
	return cnt;
}

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

size_t
fg_xml_text(const char *s, size_t n, size_t maxch)
{
	const unsigned char *p = (const unsigned char *)s, *run = p;
	size_t cnt = 0, k;
	uint32_t cp;
	const char *rep;

	while (n > 0 && cnt < maxch) {
		rep = NULL;
		k = 1;
		switch (*p) {
		case '&':
			rep = "&amp;";
			break;
		case '<':
			rep = "&lt;";
			break;
		case '>':
			rep = "&gt;";
			break;
		case '"':
			rep = "&quot;";
			break;
		case '\'':
			rep = "&#39;";
			break;
		case '\t':
			rep = "&#9;";
			break;
		case '\n':
			rep = "&#10;";
			break;
		case '\r':
			rep = "&#13;";
			break;
		default:
			if (*p >= 0x20 && *p < 0x80)
				break;
			k = fg_utf8_next(p, n, &cp);
			if ((cp == 0xfffd && k == 1) || bidictl(cp))
				rep = "\xef\xbf\xbd";
		}
		if (rep != NULL) {
			fg_out_write(run, (size_t)(p - run));
			fg_out_str(rep);
			run = p + k;
		}
		p += k;
		n -= k;
		cnt++;
	}
	fg_out_write(run, (size_t)(p - run));
	return cnt;
}
