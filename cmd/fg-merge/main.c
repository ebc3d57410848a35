/* SPDX-License-Identifier: ISC */
/* fg-merge: sum folded profiles (or differential streams) into one. */
#include <stdlib.h>
#include <string.h>

#include "sum.h"

static const char usage[] =
    "fg-merge [-r] [-R name]... [-S factor] [file ...]";

static const char help[] =
    "usage: fg-merge [-r] [-R name]... [-S factor] [file ...]\n"
    "Sum folded profiles and print one line per unique stack, sorted\n"
    "bytewise. With no file, or when file is -, read standard input.\n"
    "Differential streams (stack before after) are summed column by column.\n"
    "\n"
    "  -r, --root             add a root frame named after each input file\n"
    "                         (its base name without the last extension)\n"
    "  -R, --root-name NAME   root frame for the next input, in order;\n"
    "                         repeat once per input\n"
    "  -S, --scale FACTOR     multiply every summed count by FACTOR\n"
    FG_HELP_TAIL;

static const struct fg_opt opts[] = {
	{ "root", 'r', FG_OPT_NOARG },
	{ "root-name", 'R', FG_OPT_ARG },
	{ "scale", 'S', FG_OPT_ARG },
	{ NULL, 0, 0 }
};

static char *
rootname(const char *path)
{
	char *s, *dot;

	if (strcmp(path, "-") == 0)
		return fg_strdup("stdin");
	s = fg_strdup(fg_basename(path));
	dot = strrchr(s, '.');
	if (dot != NULL && dot != s)
		*dot = '\0';
	return s;
}

struct merge {
	const char **names;	/* root frame per input, or NULL */
	int nnames, byfile;
	char **files;
	char **roots;		/* -r: the names made from file names */
	char *key;
	size_t keycap;
	long double scale;
	int scaled;
};

/* The key with input i's root frame in front. */
static const char *
rekey(void *arg, int i, const char *stack, size_t len, size_t *outlen)
{
	struct merge *m = arg;
	const char *root = m->names[i];
	size_t rlen = strlen(root);

	if (rlen + 1 + len > m->keycap) {
		m->keycap = (rlen + 1 + len) * 2;
		m->key = fg_realloc(m->key, m->keycap);
	}
	memcpy(m->key, root, rlen);
	m->key[rlen] = ';';
	memcpy(m->key + rlen + 1, stack, len);
	*outlen = rlen + 1 + len;
	return m->key;
}

static void
emit(const char *key, size_t len, const fg_count *cnt, int ncols, void *arg)
{
	const struct merge *m = arg;
	fg_count c;
	int i;

	fg_out_write(key, len);
	for (i = 0; i < ncols; i++) {
		c = cnt[i];
		if (m->scaled && fg_count_scale(&c, m->scale) < 0)
			fg_errx(FG_EXIT_ERR, "scaled count overflows 2^63-1");
		fg_out_char(' ');
		fg_out_count(c);
	}
	fg_out_char('\n');
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_sumopt so;
	struct merge m;
	int c, nfiles, k;

	fg_tool_init(argv[0], usage, help);
	memset(&m, 0, sizeof(m));
	m.names = fg_calloc((size_t)argc + 1, sizeof(*m.names));
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'r':
			m.byfile = 1;
			break;
		case 'R':
			m.names[m.nnames++] = st.arg;
			break;
		case 'S':
			m.scale = fg_parse_factor(st.arg, "-S");
			m.scaled = 1;
			break;
		default:
			fg_usage(usage);
		}
	}
	m.files = fg_opt_files(&st, &nfiles);
	if (m.nnames > 0 && m.nnames != nfiles)
		fg_errx(FG_EXIT_ERR, "%d root names (-R) for %d inputs",
		    m.nnames, nfiles);
	if (m.nnames == 0 && m.byfile) {
		m.roots = fg_calloc((size_t)nfiles, sizeof(*m.roots));
		for (k = 0; k < nfiles; k++)
			m.names[k] = m.roots[k] = rootname(m.files[k]);
	}

	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_UNKNOWN;
	so.rekey = m.nnames > 0 || m.byfile ? rekey : NULL;
	so.emit = emit;
	so.arg = &m;
	fg_sum(m.files, nfiles, &so);
	for (k = 0; m.roots != NULL && k < nfiles; k++)
		free(m.roots[k]);
	free(m.roots);
	free(m.names);
	free(m.key);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
