/* SPDX-License-Identifier: ISC */
/*
 * table.c: a report's table in three output forms (table.h). Aligned text pads
 * every column but the last to its widest cell; TSV is one header row and
 * tab-separated cells; Markdown is a GitHub table. Names are escaped per
 * form so that no input byte can break a row or reach a terminal raw.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"

void
fg_tbl_init(struct fg_tbl *t, int ncol)
{
	memset(t, 0, sizeof(*t));
	t->ncol = ncol;
}

void
fg_tbl_head(struct fg_tbl *t, int i, const char *head, const char *tsvhead,
    const char *unit)
{
	if (unit == NULL) {
		t->head[i] = head;
		t->tsvhead[i] = tsvhead;
		return;
	}
	snprintf(t->hbuf[i][0], sizeof(t->hbuf[i][0]), "%s (%s)", head, unit);
	snprintf(t->hbuf[i][1], sizeof(t->hbuf[i][1]), "%s_%s", tsvhead, unit);
	t->head[i] = t->hbuf[i][0];
	t->tsvhead[i] = t->hbuf[i][1];
}

void
fg_tbl_row(struct fg_tbl *t, const char *const *cells)
{
	int i;

	if (t->nrow == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 32;
		t->cell = fg_reallocarray(t->cell, t->cap * (size_t)t->ncol,
		    sizeof(*t->cell));
	}
	for (i = 0; i < t->ncol; i++)
		t->cell[t->nrow * (size_t)t->ncol + (size_t)i] =
		    fg_strdup(cells[i]);
	t->nrow++;
}

void
fg_tbl_free(struct fg_tbl *t)
{
	size_t i;

	for (i = 0; i < t->nrow * (size_t)t->ncol; i++)
		free(t->cell[i]);
	free(t->cell);
	t->cell = NULL;
	t->nrow = t->cap = 0;
}

/*
 * Text and TSV: names as they are, but control bytes become C-style
 * escapes (a stack name cannot hold '\n', but it can hold a tab, which
 * would split a TSV row, or ESC, which would reach a terminal). Markdown:
 * a code span, pipes escaped (GitHub splits cells before code spans);
 * a name with a backtick is shown with Markdown punctuation escaped.
 */
char *
fg_tbl_name(const char *s, size_t len, enum fg_fmt f)
{
	static const char hx[] = "0123456789abcdef";
	char *buf, *q;
	size_t i;
	int tick = memchr(s, '`', len) != NULL;
	unsigned char c;

	q = buf = fg_reallocarray(NULL, len + 1, 4);
	if (f == FG_FMT_MD && !tick && len > 0)
		*q++ = '`';
	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7f) {
			*q++ = '\\';
			if (c == '\t') {
				*q++ = 't';
			} else {
				*q++ = 'x';
				*q++ = hx[c >> 4];
				*q++ = hx[c & 15];
			}
		} else if (f == FG_FMT_MD && c == '|') {
			*q++ = '\\';
			*q++ = '|';
		} else if (f == FG_FMT_MD && tick && c != ' ' &&
		    strchr("\\`*_{}[]()<>#+-.!~&", c) != NULL) {
			*q++ = '\\';
			*q++ = (char)c;
		} else
			*q++ = (char)c;
	}
	if (f == FG_FMT_MD && !tick && len > 0)
		*q++ = '`';
	*q = '\0';
	return buf;
}

static void
pad(size_t n)
{
	while (n-- > 0)
		fg_out_char(' ');
}

void
fg_tbl_print(const struct fg_tbl *t, enum fg_fmt f)
{
	size_t w[FG_TBL_MAXCOL], r, n;
	int i, last = t->ncol - 1;
	const char *c;

	for (i = 0; i < t->ncol; i++)
		w[i] = strlen(t->head[i]);
	for (r = 0; r < t->nrow; r++)
		for (i = 0; i < t->ncol; i++)
			if ((n = strlen(t->cell[r * (size_t)t->ncol +
			    (size_t)i])) > w[i])
				w[i] = n;
	for (r = t->nohead ? 1 : 0; r <= t->nrow; r++) {
		if (f == FG_FMT_MD)
			fg_out_str("|");
		for (i = 0; i < t->ncol; i++) {
			c = r == 0 ? (f == FG_FMT_TSV ? t->tsvhead[i] : t->head[i])
			    : t->cell[(r - 1) * (size_t)t->ncol + (size_t)i];
			n = strlen(c);
			switch (f) {
			case FG_FMT_TSV:
				if (i > 0)
					fg_out_char('\t');
				fg_out_str(c);
				break;
			case FG_FMT_MD:
				fg_out_char(' ');
				fg_out_str(c);
				fg_out_str(" |");
				break;
			case FG_FMT_TEXT:
				if (i > 0)
					fg_out_str("  ");
				if (!t->left[i])
					pad(w[i] - n);
				fg_out_str(c);
				if (t->left[i] && i < last)
					pad(w[i] - n);
				break;
			}
		}
		fg_out_char('\n');
		if (r == 0 && f == FG_FMT_MD) {
			fg_out_str("|");
			for (i = 0; i < t->ncol; i++)
				fg_out_str(t->left[i] ? " :--- |" : " ---: |");
			fg_out_char('\n');
		}
	}
}
