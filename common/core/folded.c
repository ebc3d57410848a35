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
#include <unistd.h>

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

/*
 * stack-write: a stack is written so that its line never reads as
 * metadata, here or in inferno (which trims blanks at a line's start): a
 * stack that is '#' after blanks (if any), then a blank or its end, has
 * that blank written as '_' ("# p" as "#_p"; "#" as "#_"), as perf's
 * process names have their blanks. A carriage return, which ends a line
 * (in.c), is written as a blank. fg-collapse's root frames from a
 * Chrome thread name, a pprof label or --root can start so.
 */
long
fg_stack_metapos(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && isblank_((unsigned char)s[i]))
		i++;
	if (i == n || s[i] != '#' || (i + 1 < n && !isblank_((unsigned
	    char)s[i + 1])))
		return -1;
	return (long)(i + 1);
}

int
fg_stack_numtail(const char *s, size_t n)
{
	size_t b;
	fg_count c;

	while (n > 0 && isblank_((unsigned char)s[n - 1]))
		n--;
	b = lastfield(s, n);
	return b > 0 && b < n && fg_count_parse(s + b, n - b, &c) == FG_NUM_OK;
}

size_t
fg_stack_fix(const char *s, size_t n, char *out)
{
	long at = fg_stack_metapos(s, n);
	size_t i, k = n;

	memcpy(out, s, n);
	for (i = 0; i < n; i++)
		if (out[i] == '\r')
			out[i] = ' ';
	if (at >= 0 && (size_t)at == n)
		out[k++] = '_';
	else if (at >= 0)
		out[at] = '_';
	return k;
}

int
fg_stack_odd(const char *s, size_t n)
{
	return (n > 0 && (s[0] == '#' || isblank_((unsigned char)s[0])) &&
	    fg_stack_metapos(s, n) >= 0) || memchr(s, '\r', n) != NULL;
}

void
fg_out_stack(const char *key, size_t len)
{
	char *b;

	if (!fg_stack_odd(key, len)) {
		fg_out_write(key, len);
		return;
	}
	b = fg_malloc(len + 1);
	fg_out_write(b, fg_stack_fix(key, len, b));
	free(b);
}

void
fg_out_rec(const char *key, size_t len, const fg_count *c, int ncols)
{
	int k;

	fg_out_stack(key, len);
	for (k = 0; k < ncols; k++) {
		fg_out_char(' ');
		fg_out_count(c[k]);
	}
	fg_out_char('\n');
}

static const char needtwo[] = "differential line needs two counts";

const char *
fg_parse_rec(const char *line, size_t len, enum fg_kind kind, struct fg_rec *r)
{
	size_t n = len, b, b2, m;
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
	if (kind != FG_KIND_PROFILE) {
		for (m = n; m > 0 && isblank_((unsigned char)line[m - 1]); m--)
			;
		b2 = lastfield(line, m);
		if (b2 > 0 && fg_count_parse(line + b2, m - b2, &c2) ==
		    FG_NUM_OK) {
			r->c[1] = r->c[0];
			r->c[0] = c2;
			r->ncols = 2;
			n = b2;
		} else if (kind == FG_KIND_DIFF)
			return needtwo;
	}
	/* one blank separates the stack: the others are the stack's */
	if (--n == 0)
		return "empty stack";
	r->stack = line;
	r->len = n;
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
fg_fold_open_list(struct fg_fold *f, char *const *paths, int n,
    enum fg_kind kind)
{
	fg_fold_open(f, paths[0], kind);
	f->paths = paths;
	f->npaths = n;
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
	if (!f->fracwarned && !f->in.quiet) {
		fg_warnx("%s:%llu: fractional counts are truncated to integers",
		    f->in.name, (unsigned long long)f->in.lineno);
		f->fracwarned = 1;
	}
	c->f = 0;
}

/* True when s[0..n) has digits '.' digits ':' (a perf script time). */
static int
hastime(const char *s, size_t n)
{
	size_t i, j;

	for (i = 0; i + 3 < n; i++) {
		if (s[i] != '.' || i == 0 || s[i - 1] < '0' || s[i - 1] > '9')
			continue;
		for (j = i + 1; j < n && s[j] >= '0' && s[j] <= '9'; j++)
			;
		if (j > i + 1 && j < n && s[j] == ':')
			return 1;
	}
	return 0;
}

/*
 * True when s[0..n) has two bytes or more that no text has: control bytes
 * (NUL, ^A-^H, ^N-^Z) and bytes never in UTF-8 (0xC0, 0xC1, 0xF8-0xFF).
 */
static int
isbinary(const char *s, size_t n)
{
	size_t i;
	int odd = 0;
	unsigned char c;

	for (i = 0; i < n && odd < 2; i++) {
		c = (unsigned char)s[i];
		if (c < 0x09 || (c >= 0x0e && c <= 0x1a) || c == 0xc0 ||
		    c == 0xc1 || c >= 0xf8)
			odd++;
	}
	return odd >= 2;
}

/*
 * The first line of an input is not folded: when it looks like a
 * profiler's raw output, say so once and stop, rather than one warning
 * per line of it.
 */
static void
sniff(struct fg_fold *f, const char *line, size_t len)
{
	const char *what = NULL;
	size_t i = 0;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (len >= 8 && memcmp(line, "PERFILE2", 8) == 0)
		fg_errx(FG_EXIT_ERR, "%s: this looks like perf.data: run "
		    "perf script, then fg-collapse", f->in.name);
	if (len >= 2 && (unsigned char)line[0] == 0x1f &&
	    (unsigned char)line[1] == 0x8b)
		what = "gzip-compressed data (a pprof profile?)";
	else if (i < len && (line[i] == '{' || line[i] == '['))
		what = "JSON (a .cpuprofile or a Chrome trace?)";
	else if (hastime(line, len))
		what = "perf script output";
	else if (isbinary(line, len))
		what = "binary data (a pprof protobuf?)";
	if (what != NULL)
		fg_errx(FG_EXIT_ERR, "%s: this looks like %s, not folded "
		    "stacks: run fg-collapse first", f->in.name, what);
}

/*
 * A line with one count where a differential stream (two) is read: a
 * plain profile given to fg-elide, say. Said once, with what was
 * expected, and counted; not a warning per line.
 */
static void
onecount(struct fg_fold *f)
{
	int q = f->in.quiet;

	if (f->nonecount++ == 0) {
		fg_in_warn(&f->in, "%s (a differential stream is `stack "
		    "before after', as fg-diff prints it)", needtwo);
		return;
	}
	f->in.quiet = 1;
	fg_in_warn(&f->in, "one count");
	f->in.quiet = q;
	if (!q && fg_status < FG_EXIT_DATA)
		fg_status = FG_EXIT_DATA;
}

/*
 * At the end of an input: its summaries, then the next input of a list
 * opened (returns 1), as flamegraph.pl reads several files as one.
 */
static int
nextinput(struct fg_fold *f)
{
	fg_in_warnsummary(&f->in);
	if (f->nonecount > 1 && !f->in.quiet && !fg_quiet)
		fg_warnx("%s: %llu lines with one count skipped", f->in.name,
		    (unsigned long long)f->nonecount);
	f->nonecount = 0;
	if (f->ipath + 1 >= f->npaths)
		return 0;
	fg_in_close(&f->in);
	fg_in_open(&f->in, f->paths[++f->ipath]);
	f->anyrec = 0;
	return 1;
}

int
fg_fold_next(struct fg_fold *f, struct fg_rec *r)
{
	char *line, *v;
	size_t len;
	const char *msg;

	for (;;) {
		if ((line = fg_in_line(&f->in, &len)) == NULL) {
			if (nextinput(f))
				continue;
			return 0;
		}
		if (fg_is_meta(line, len)) {
			if (f->onmeta != NULL)
				f->onmeta(f->metaarg, line, len);
			if (f->header == NULL && len > 5 &&
			    memcmp(line, "# fg-", 5) == 0) {
				/* the caller's memory: no NUL after a line */
				f->header = fg_malloc(len + 1);
				memcpy(f->header, line, len);
				f->header[len] = '\0';
				v = fg_header_get(f->header, "kind");
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
			if (!f->anyrec && f->in.nbad == 0 && !f->in.quiet)
				sniff(f, line, len);
			if (msg == needtwo)
				onecount(f);
			else
				fg_in_warn(&f->in, "%s", msg);
			continue;
		}
		f->anyrec = 1;
		if (!fg_bases_cut(f->bases, &r->stack, &r->len))
			continue;
		if (f->kind == FG_KIND_UNKNOWN)
			f->kind = r->ncols == 2 ? FG_KIND_DIFF :
			    FG_KIND_PROFILE;
		if (f->truncfrac) {
			truncfrac(f, &r->c[0]);
			if (r->ncols == 2)
				truncfrac(f, &r->c[1]);
		}
		return 1;
	}
}

/*
 * bases: --base cutting: a stack kept only when a frame of it has one of
 * the --base names, cut to start at the deepest such frame (bases).
 */
void
fg_bases_add(struct fg_bases *b, const char *name)
{
	b->names = fg_reallocarray(b->names, b->n + 1, sizeof(*b->names));
	b->names[b->n++] = name;
}

void
fg_bases_free(struct fg_bases *b)
{
	free(b->names);
	b->names = NULL;
	b->n = 0;
}

/* Whether frame f (n bytes) is name, bare or with a _[k]-style suffix. */
static int
framenamed(const char *f, size_t n, const char *name)
{
	size_t k = strlen(name);

	if (n == k + 4 && f[k] == '_' && f[k + 1] == '[' && f[k + 3] == ']')
		n = k;
	return n == k && memcmp(f, name, k) == 0;
}

long
fg_frame_deepest(const char *s, size_t len, const char *const *names,
    size_t n)
{
	const char *e = s + len, *b;
	size_t i;

	while (e > s) {
		for (b = e; b > s && b[-1] != ';'; b--)
			;
		for (i = 0; i < n; i++)
			if (framenamed(b, (size_t)(e - b), names[i]))
				return (long)(b - s);
		e = b > s ? b - 1 : s;
	}
	return -1;
}

/*
 * inferno's --base; it keeps a stack whose root is the name too, as
 * inferno does not.
 */
int
fg_bases_cut(const struct fg_bases *b, const char **s, size_t *len)
{
	long off;

	if (b == NULL || b->n == 0)
		return 1;
	if ((off = fg_frame_deepest(*s, *len, b->names, b->n)) < 0)
		return 0;
	*s += off;
	*len -= (size_t)off;
	return 1;
}

/*
 * header-read: a value of a "# fg-TOOL key=value ..." header line of
 * fg-folded(5), percent-decoded (header-write encodes them).
 */
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

/*
 * header-write: the "# fg-TOOL key=value ..." header lines of
 * fg-folded(5): values are percent-encoded so that a header never
 * contains a blank inside a value nor ends in a number (header-read
 * decodes them).
 */
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
