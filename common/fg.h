/* SPDX-License-Identifier: ISC */
/*
 * fg.h: the shared core of the fg tools, one header per module:
 *
 * base.h    version, exit status
 * err.h     program name, warnings and fatal errors with file:line (err.c)
 * alloc.h   checked allocation (alloc.c)
 * in.h      line input: read(2) into a growing buffer, lines in place (in.c)
 * out.h     checked, buffered output (out.c)
 * count.h   fixed-point counts: exact integers to 2^63-1, 9 decimals (count.c)
 * stab.h    the stack table: arena + open-addressing hash, bytewise sort
 * opt.h     option parsing (short clusters, --long[=value], permuted)
 * usage.h   the usage line, --help and --version (usage.c)
 * folded.h  the folded format: data lines, stream kinds
 * bases.h   --base names, and stacks cut at the deepest one
 * header.h  "# fg-TOOL key=value" header lines, written and read
 * emit.h    where merged stacks go, in order
 * orderscan.h whether an input is sorted, and its totals
 * kmerge.h  the k-way merge of sorted inputs, on one or two threads
 *
 * Tools include this one header; modules include what they use.
 */
#ifndef FG_H
#define FG_H

#include "base.h"
#include "err.h"
#include "alloc.h"
#include "in.h"
#include "out.h"
#include "count.h"
#include "stab.h"
#include "opt.h"
#include "usage.h"
#include "bases.h"
#include "folded.h"
#include "header.h"
#include "emit.h"
#include "orderscan.h"
#include "kmerge.h"

#endif
