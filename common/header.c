/* SPDX-License-Identifier: ISC */
/*
 * header.c: the "# fg-TOOL key=value ..." header lines of fg-folded(5),
 * written and read in one place: values are percent-encoded so that a
 * header never contains a blank inside a value nor ends in a number.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *
fg_header_get(const char *h, const char *key)
{
	size_t kl = strlen(key);
	const char *p = h, *e;
	char *v, *q;

	while ((p = strchr(p, ' ')) != NULL) {
		p++;
		if (strncmp(p, key, kl) != 0 || p[kl] != '=')
			continue;
		p += kl + 1;
		e = strchr(p, ' ');
		if (e == NULL)
			e = p + strlen(p);
		v = q = fg_malloc((size_t)(e - p) + 1);
		for (; p < e; p++) {
			if (*p == '%' && e - p >= 3 && hexval(p[1]) >= 0 &&
			    hexval(p[2]) >= 0) {
				*q++ = (char)(hexval(p[1]) * 16 + hexval(p[2]));
				p += 2;
			} else
				*q++ = *p;
		}
		*q = '\0';
		return v;
	}
	return NULL;
}

static void
out_escaped(const char *s)
{
	static const char hx[] = "0123456789ABCDEF";
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("._/:,+@-", *p)) {
			fg_out_char(*p);
		} else {
			fg_out_char('%');
			fg_out_char(hx[*p >> 4]);
			fg_out_char(hx[*p & 15]);
		}
	}
}

void
fg_out_header(const char *tool, ...)
{
	va_list ap;
	const char *k, *v;

	fg_out_str("# ");
	fg_out_str(tool);
	va_start(ap, tool);
	while ((k = va_arg(ap, const char *)) != NULL) {
		v = va_arg(ap, const char *);
		if (v == NULL)
			continue;
		fg_out_char(' ');
		fg_out_str(k);
		fg_out_char('=');
		out_escaped(v);
	}
	va_end(ap);
	fg_out_char('\n');
}
