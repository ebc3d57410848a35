/* SPDX-License-Identifier: ISC */
/*
 * folded.c: the folded format (fg-folded(5)). A data line is a stack, blank
 * space, and one count (a profile) or two (a differential stream: before,
 * after). Lines that are empty, blank, "#" or start with "# " are metadata;
 * "# fg-TOOL key=value ..." headers tell later stages what they read.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"

static inline int
isblank_(int c)
{
	return c == ' ' || c == '\t';
}

int
fg_is_meta(const char *line, size_t len)
{
	size_t i;

	if (len > 0 && line[0] == '#')
		return len == 1 || line[1] == ' ' || line[1] == '\t';
	for (i = 0; i < len; i++)
		if (!isblank_((unsigned char)line[i]))
			return 0;
	return 1;
}

/* Finds the last blank-separated field of s[0..n): returns its start. */
static size_t
lastfield(const char *s, size_t n)
{
	while (n > 0 && !isblank_((unsigned char)s[n - 1]))
		n--;
	return n;
}

const char *
fg_parse_rec(char *line, size_t len, enum fg_kind kind, struct fg_rec *r)
{
	size_t n = len, b, b2;
	enum fg_numerr e;
	fg_count c2;

	while (n > 0 && isblank_((unsigned char)line[n - 1]))
		n--;
	b = lastfield(line, n);
	if (b == 0)
		return n == 0 ? "empty line" : "no count after the stack";
	e = fg_count_parse(line + b, n - b, &r->c[0]);
	if (e != FG_NUM_OK)
		return fg_numerr_str(e);
	r->ncols = 1;
	n = b;
	while (n > 0 && isblank_((unsigned char)line[n - 1]))
		n--;
	if (kind != FG_KIND_PROFILE) {
		b2 = lastfield(line, n);
		if (b2 > 0 && fg_count_parse(line + b2, n - b2, &c2) ==
		    FG_NUM_OK) {
			r->c[1] = r->c[0];
			r->c[0] = c2;
			r->ncols = 2;
			n = b2;
			while (n > 0 && isblank_((unsigned char)line[n - 1]))
				n--;
		} else if (kind == FG_KIND_DIFF)
			return "differential line needs two counts";
	}
	if (n == 0)
		return "empty stack";
	r->stack = line;
	r->len = n;
	line[n] = '\0';
	return NULL;
}

void
fg_fold_open(struct fg_fold *f, const char *path, enum fg_kind kind)
{
	memset(f, 0, sizeof(*f));
	fg_in_open(&f->in, path);
	f->kind = kind;
}

void
fg_fold_close(struct fg_fold *f)
{
	fg_in_close(&f->in);
	free(f->header);
	f->header = NULL;
}

static void
truncfrac(struct fg_fold *f, fg_count *c)
{
	if (c->f == 0)
		return;
	if (!f->fracwarned) {
		fg_warnx("%s:%llu: fractional counts are truncated to integers",
		    f->in.name, (unsigned long long)f->in.lineno);
		f->fracwarned = 1;
	}
	c->f = 0;
}

int
fg_fold_next(struct fg_fold *f, struct fg_rec *r)
{
	char *line, *v;
	size_t len;
	const char *msg;

	while ((line = fg_in_line(&f->in, &len)) != NULL) {
		if (fg_is_meta(line, len)) {
			if (f->onmeta != NULL)
				f->onmeta(f->metaarg, line, len);
			if (f->header == NULL && len > 5 &&
			    memcmp(line, "# fg-", 5) == 0) {
				f->header = fg_strdup(line);
				v = fg_header_get(line, "kind");
				if (v != NULL && f->kind == FG_KIND_UNKNOWN) {
					if (strcmp(v, "diff") == 0)
						f->kind = FG_KIND_DIFF;
					else if (strcmp(v, "profile") == 0)
						f->kind = FG_KIND_PROFILE;
				}
				free(v);
			}
			continue;
		}
		if ((msg = fg_parse_rec(line, len, f->kind, r)) != NULL) {
			fg_in_warn(&f->in, "%s", msg);
			continue;
		}
		if (f->kind == FG_KIND_UNKNOWN)
			f->kind = r->ncols == 2 ? FG_KIND_DIFF :
			    FG_KIND_PROFILE;
		if (f->truncfrac) {
			truncfrac(f, &r->c[0]);
			truncfrac(f, &r->c[1]);
		}
		return 1;
	}
	return 0;
}

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
