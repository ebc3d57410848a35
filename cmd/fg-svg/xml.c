/* SPDX-License-Identifier: ISC */
/*
 * xml.c: frame names into XML. Names are arbitrary bytes; XML 1.0 allows
 * only well-formed UTF-8 without most control characters, so anything else
 * becomes U+FFFD (common/utf8.c). The markup characters are escaped
 * everywhere (text and attribute values alike), which also keeps "]]>"
 * and "--" harmless.
 */
#include <string.h>

#include "fg.h"
#include "svg.h"

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
