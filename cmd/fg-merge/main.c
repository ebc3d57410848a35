/* SPDX-License-Identifier: ISC */
/* fg-merge: sum folded profiles (or differential streams) into one. */
#include <stdlib.h>
#include <string.h>

#include "fg.h"

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
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 malformed lines were skipped, 2 error.\n";

enum { OPT_VERSION = 256 };
static const struct fg_opt opts[] = {
	{ "root", 'r', FG_OPT_NOARG },
	{ "root-name", 'R', FG_OPT_ARG },
	{ "scale", 'S', FG_OPT_ARG },
	{ "help", 'h', FG_OPT_NOARG },
	{ "version", OPT_VERSION, FG_OPT_NOARG },
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

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_stab *tab = NULL;
	struct fg_fold f;
	struct fg_rec r;
	struct fg_ent *e, **v;
	const char **names;
	char *key = NULL, *root;
	static char dash[] = "-";
	char *stdin_only[] = { dash };
	char **files;
	size_t keycap = 0, klen, rlen, i;
	int c, nfiles, nnames = 0, byfile = 0, k, col;
	enum fg_kind kind = FG_KIND_UNKNOWN;
	long double scale = 1;
	int scaled = 0;

	fg_setprogname(argv[0]);
	fg_out_init();
	names = fg_calloc((size_t)argc + 1, sizeof(*names));
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'r':
			byfile = 1;
			break;
		case 'R':
			names[nnames++] = st.arg;
			break;
		case 'S':
			scale = fg_parse_factor(st.arg, "-S");
			scaled = 1;
			break;
		case 'h':
			fg_help(help);
		case OPT_VERSION:
			fg_version();
		default:
			fg_usage(usage);
		}
	}
	files = st.ops;
	nfiles = st.nops;
	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	if (nnames > 0 && nnames != nfiles)
		fg_errx(FG_EXIT_ERR, "%d root names (-R) for %d inputs",
		    nnames, nfiles);

	for (k = 0; k < nfiles; k++) {
		root = NULL;
		if (nnames > 0)
			root = fg_strdup(names[k]);
		else if (byfile)
			root = rootname(files[k]);
		rlen = root ? strlen(root) : 0;
		fg_fold_open(&f, files[k], kind);
		while (fg_fold_next(&f, &r)) {
			if (tab == NULL) {
				kind = f.kind;
				tab = fg_stab_new(r.ncols);
			} else if (f.kind != kind) {
				fg_errx(FG_EXIT_ERR, "%s:%llu: %s stream, "
				    "but earlier input was %s", f.in.name,
				    (unsigned long long)f.in.lineno,
				    f.kind == FG_KIND_DIFF ? "a differential" :
				    "a profile", kind == FG_KIND_DIFF ?
				    "differential" : "a profile");
			}
			if (root != NULL) {
				klen = rlen + 1 + r.len;
				if (klen > keycap) {
					keycap = klen * 2;
					key = fg_realloc(key, keycap);
				}
				memcpy(key, root, rlen);
				key[rlen] = ';';
				memcpy(key + rlen + 1, r.stack, r.len);
				e = fg_stab_get(tab, key, klen);
			} else
				e = fg_stab_get(tab, r.stack, r.len);
			for (col = 0; col < r.ncols; col++)
				if (fg_count_add(&e->c[col], r.c[col]) < 0)
					fg_errx(FG_EXIT_ERR, "%s:%llu: sum of "
					    "counts overflows 2^63-1",
					    f.in.name, (unsigned long long)
					    f.in.lineno);
		}
		fg_fold_close(&f);
		free(root);
	}
	if (tab != NULL) {
		int ncols = fg_stab_ncols(tab);

		v = fg_stab_sorted(tab);
		for (i = 0; (e = v[i]) != NULL; i++) {
			fg_out_write(fg_ent_key(tab, e), e->len);
			for (col = 0; col < ncols; col++) {
				if (scaled && fg_count_scale(&e->c[col],
				    scale) < 0)
					fg_errx(FG_EXIT_ERR, "scaled count "
					    "overflows 2^63-1: %s",
					    fg_ent_key(tab, e));
				fg_out_char(' ');
				fg_out_count(e->c[col]);
			}
			fg_out_char('\n');
		}
		free(v);
	}
	fg_stab_free(tab);
	free(key);
	free(names);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
