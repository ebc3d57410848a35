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

static void
emit(const char *key, size_t len, const fg_count *cnt, int ncols, void *arg)
{
	const long double *scale = arg;
	fg_count c;
	int i;

	fg_out_write(key, len);
	for (i = 0; i < ncols; i++) {
		c = cnt[i];
		if (scale != NULL && fg_count_scale(&c, *scale) < 0)
			fg_errx(FG_EXIT_ERR, "scaled count overflows 2^63-1");
		fg_out_char(' ');
		fg_out_count(c);
	}
	fg_out_char('\n');
}

/*
 * The streaming path: when every input is a regular file, sorted, and of
 * one kind, merge them in one pass (the hash path gives the same output).
 * The inputs are read, not mapped: one pass, nothing kept.
 * Opens inputs into folds[] as it goes, counting them in *nopen.
 */
static int
trysorted(struct fg_fold *folds, char **files, int nfiles, int *nopen,
    long double *scale)
{
	struct fg_fold **inp;
	struct fg_scan *sc;
	int *colbase, k, ncols = 0;
	enum fg_kind kind = FG_KIND_UNKNOWN;

	sc = fg_calloc((size_t)nfiles, sizeof(*sc));
	for (k = 0; k < nfiles; k++) {
		fg_fold_open(&folds[k], files[k], FG_KIND_UNKNOWN);
		*nopen = k + 1;
		if (!fg_fold_scan(&folds[k], &sc[k])) {
			free(sc[k].header);
			free(sc);
			return 0;
		}
		free(sc[k].header);
		if (sc[k].kind == FG_KIND_UNKNOWN)
			continue;	/* no data lines */
		if (kind != FG_KIND_UNKNOWN && sc[k].kind != kind) {
			free(sc);
			return 0;	/* the hash path reports it */
		}
		kind = sc[k].kind;
	}
	ncols = kind == FG_KIND_DIFF ? 2 : 1;
	inp = fg_calloc((size_t)nfiles, sizeof(*inp));
	colbase = fg_calloc((size_t)nfiles, sizeof(*colbase));
	for (k = 0; k < nfiles; k++)
		inp[k] = &folds[k];
	if (kind != FG_KIND_UNKNOWN)
		fg_kmerge_par(inp, sc, nfiles, ncols, colbase, emit, scale);
	free(sc);
	free(colbase);
	free(inp);
	return 1;
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_stab *tab = NULL;
	struct fg_fold *folds, *fp;
	struct fg_rec r;
	const struct fg_ent *mark;
	struct fg_ent *e, **v;
	const char **names;
	char *key = NULL, *root;
	char **files;
	size_t keycap = 0, klen, rlen, i;
	int c, nfiles, nnames = 0, byfile = 0, k, col, nopen;
	enum fg_kind kind = FG_KIND_UNKNOWN;
	long double scale = 1;
	int scaled = 0;

	fg_tool_init(argv[0], usage, help);
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
		default:
			fg_usage(usage);
		}
	}
	files = fg_opt_files(&st, &nfiles);
	if (nnames > 0 && nnames != nfiles)
		fg_errx(FG_EXIT_ERR, "%d root names (-R) for %d inputs",
		    nnames, nfiles);

	folds = fg_calloc((size_t)nfiles, sizeof(*folds));
	nopen = 0;
	if (nnames == 0 && !byfile && trysorted(folds, files, nfiles, &nopen,
	    scaled ? &scale : NULL)) {
		for (k = 0; k < nfiles; k++)
			fg_fold_close(&folds[k]);
		goto done;
	}
	for (k = 0; k < nfiles; k++) {
		fp = &folds[k];
		root = NULL;
		if (nnames > 0)
			root = fg_strdup(names[k]);
		else if (byfile)
			root = rootname(files[k]);
		rlen = root ? strlen(root) : 0;
		if (k >= nopen)
			fg_fold_open_map(fp, files[k], FG_KIND_UNKNOWN);
		else
			fg_in_map(&fp->in);	/* opened by trysorted */
		mark = tab != NULL ? fg_stab_last(tab) : NULL;
		while (fg_fold_next(fp, &r)) {
			if (tab == NULL) {
				kind = fp->kind;
				tab = fg_stab_new(r.ncols);
			} else if (fp->kind != kind) {
				fg_errx(FG_EXIT_ERR, "%s:%llu: %s stream, "
				    "but earlier input was %s", fp->in.name,
				    (unsigned long long)fp->in.lineno,
				    fp->kind == FG_KIND_DIFF ? "a differential" :
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
				e = fg_fold_intern(fp, tab, r.stack, r.len);
			for (col = 0; col < r.ncols; col++)
				if (fg_count_add(&e->c[col], r.c[col]) < 0)
					fg_errx(FG_EXIT_ERR, "%s:%llu: sum of "
					    "counts overflows 2^63-1",
					    fp->in.name, (unsigned long long)
					    fp->in.lineno);
		}
		if (tab == NULL)
			fg_fold_close(fp);
		else
			fg_fold_settle(fp, tab, mark);	/* may keep it open */
		free(root);
	}
	if (tab != NULL) {
		v = fg_stab_sorted(tab);
		for (i = 0; (e = v[i]) != NULL; i++)
			emit(fg_ent_key(tab, e), e->len, e->c,
			    fg_stab_ncols(tab), scaled ? &scale : NULL);
		free(v);
	}
	for (k = 0; k < nfiles; k++)
		if (folds[k].in.buf != NULL)
			fg_fold_close(&folds[k]);
done:
	free(folds);
	fg_stab_free(tab);
	free(key);
	free(names);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
