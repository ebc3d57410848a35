# SPDX-License-Identifier: ISC
# fg.mk: make rules for fg (GNU make 4). A project's Makefile includes it:
#
#   include /usr/local/share/fg/fg.mk
#
# and then asks for what it wants by file name (see fg-make(7)):
#
#   NAME.folded               from NAME.perf.data (through perf script),
#                             NAME.perf.txt[.gz], NAME.pb[.gz], NAME.pprof,
#                             NAME.cpuprofile, NAME.sample.txt,
#                             NAME.bpftrace.txt, NAME.dtrace.txt,
#                             NAME.folded.gz
#   NAME.svg                  flame graph of NAME.folded
#   NAME.top.txt              fg-top's table of NAME.folded
#   BASE..HEAD.diff.folded    fg-diff BASE.folded HEAD.folded; a side
#                             recorded in runs (NAME.1.EXT, NAME.2.EXT,
#                             ... for any input EXT above) is taken as
#                             its $(FG_RUNS) runs (default 3):
#                             fg-diff BASE.1.folded ... -- HEAD.1.folded ...
#   BASE..HEAD.diff.svg       differential flame graph
#   BASE..HEAD.elided.folded  the paths of BASE gone from HEAD
#   BASE..HEAD.elided.svg     and their flame graph
#   BASE..HEAD.top.txt        fg-top's tables of changes
#   BASE..HEAD.md             the same in Markdown with the gate's verdict
#                             (a pull-request comment)
#   BASE..HEAD.gate           fails when fg-top --fail-above $(FG_GATE)
#                             fails (no file is made)
#   series.trend.txt          fg-trend over the NAMEs in FG_SERIES
#   series.trend.svg          the last NAME's flame graph coloured by
#                             each function's trend (fg-trend --stream)
#   series.trend.gate         fails when fg-trend --fail-above
#                             $(FG_TREND_GATE) fails
#
# Every output is written to a temporary name and renamed when complete,
# so an interrupted or failed run leaves no partial file and parallel
# runs (make -j) never share a file. Folded, differential and elided
# files are kept (.PRECIOUS); the perf script text made from a
# perf.data file is deleted as make's usual intermediate.
# NAMEs must not contain "..", spaces or quotes. This file turns on
# .SECONDEXPANSION for the rest of the including Makefile.

# The tools (set to paths to use uninstalled ones) and their flags.
FG_COLLAPSE ?= fg-collapse
FG_DIFF ?= fg-diff
FG_ELIDE ?= fg-elide
FG_SVG ?= fg-svg
FG_TOP ?= fg-top
PERF ?= perf
GZIP ?= gzip
PERF_SCRIPT_FLAGS ?=
FG_COLLAPSE_FLAGS ?=
FG_DIFF_FLAGS ?=
FG_ELIDE_FLAGS ?=
FG_SVG_FLAGS ?=
FG_DIFF_SVG_FLAGS ?=
FG_TOP_FLAGS ?=
# The one threshold of the gate and the picture: the gate fails above this
# many points of significant change, and the differential SVG colours only
# changes above it (fg-svg --min-change).
FG_GATE ?= 5
FG_GATE_FLAGS ?=
# Runs a side when a side is recorded in runs (NAME.1.EXT, NAME.2.EXT, ...):
# the gate and the picture then test every change against the variation
# between the runs (fg-top(1), STATISTICS).
FG_RUNS ?= 3

.SECONDEXPANSION:
.PRECIOUS: %.folded %.diff.folded %.elided.folded

# Write a recipe's standard output to $@ only when the command succeeds.
fg_tmp = $@.tmp$$$$
fg_save = >$(fg_tmp) && mv -f $(fg_tmp) $@ || { rm -f $(fg_tmp); exit 1; }

# $(call fg_range,STEM): "BASE HEAD" when STEM is BASE..HEAD, else empty.
fg_range = $(if $(filter 2,$(words $(subst .., ,$1))),$(if \
	$(findstring ..,$1),$(subst .., ,$1)))
# Prerequisites of a range's outputs; a name no rule makes otherwise, so
# that make moves on to the other rules for a stem that is not a range.
fg_pair = $(or $(foreach s,$(call fg_range,$1),$(call fg_runs,$s)),fg.mk-needs-BASE..HEAD)
# $(call fg_runs,NAME): NAME.1.folded ... NAME.$(FG_RUNS).folded when NAME
# was recorded in runs (a file NAME.1.EXT exists), else NAME.folded.
fg_seq = $(wordlist 1,$(FG_RUNS),1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 \
	18 19 20 21 22 23 24 25 26 27 28 29 30 31 32)
fg_runs = $(if $(wildcard $1.1.*),$(foreach i,$(fg_seq),$1.$i.folded),$1.folded)
# fg-diff's operands for a range: BASE HEAD, or BASE's runs -- HEAD's runs
fg_side = $(call fg_runs,$(word $2,$(call fg_range,$1)))
fg_diffargs = $(call fg_side,$1,1) $(if $(filter 2,$(words $(call \
	fg_side,$1,1) $(call fg_side,$1,2))),,--) $(call fg_side,$1,2)
fg_diffof = $(if $(call fg_range,$1),$1.diff.folded,fg.mk-needs-BASE..HEAD)

# Profiler output to folded stacks, the format named by the suffix.
%.perf.txt: %.perf.data
	$(PERF) script $(PERF_SCRIPT_FLAGS) -i $< $(fg_save)

define fg_collapse_rule
%.folded: %.$(1)
	$$(FG_COLLAPSE) -f $(2) $$(FG_COLLAPSE_FLAGS) $$< $$(fg_save)
endef
$(foreach r,perf.txt:perf pb.gz:pprof pb:pprof pprof:pprof \
	cpuprofile:cpuprofile sample.txt:sample bpftrace.txt:bpftrace \
	dtrace.txt:dtrace trace.json:chrome speedscope.json:speedscope \
	gecko.json:gecko callgrind:callgrind xctrace.xml:xctrace,$(eval $(call fg_collapse_rule,$(word 1,$(subst \
	:, ,$(r))),$(word 2,$(subst :, ,$(r))))))

# Gzipped text: decompressed to a temporary file, then collapsed.
define fg_gunzip_rule
%.folded: %.$(1).gz
	$$(GZIP) -dc <$$< >$$(fg_tmp).in && \
	$$(FG_COLLAPSE) -f $(2) $$(FG_COLLAPSE_FLAGS) $$(fg_tmp).in \
	    >$$(fg_tmp) && mv -f $$(fg_tmp) $$@; \
	s=$$$$?; rm -f $$(fg_tmp) $$(fg_tmp).in; exit $$$$s
endef
$(eval $(call fg_gunzip_rule,perf.txt,perf))
$(eval $(call fg_gunzip_rule,folded,folded))
$(foreach r,cpuprofile:cpuprofile trace.json:chrome \
	speedscope.json:speedscope gecko.json:gecko callgrind:callgrind,$(eval \
	$(call fg_gunzip_rule,$(word 1,$(subst :, ,$(r))),$(word 2,$(subst \
	:, ,$(r))))))

# Differences of a pair, written like a git range.
%.diff.folded: $$(call fg_pair,$$*)
	$(FG_DIFF) $(FG_DIFF_FLAGS) $(call fg_diffargs,$*) $(fg_save)

%.elided.folded: $$(call fg_diffof,$$*)
	$(FG_ELIDE) $(FG_ELIDE_FLAGS) $< $(fg_save)

%.diff.svg: $$(call fg_diffof,$$*)
	$(FG_SVG) --title '$* (differential)' --min-change $(FG_GATE) \
	    $(FG_SVG_FLAGS) $(FG_DIFF_SVG_FLAGS) $< $(fg_save)

%.elided.svg: $$*.elided.folded
	$(FG_SVG) --title '$* (elided: paths gone from the current)' \
	    $(FG_SVG_FLAGS) $< $(fg_save)

# Markdown for a pull request: written whether the gate passes (fg-top
# status 0, or 3 with skipped lines) or fails (1); an error (2) fails.
%.md: $$(call fg_diffof,$$*)
	$(FG_TOP) --markdown --fail-above $(FG_GATE) $(FG_TOP_FLAGS) \
	    $(FG_GATE_FLAGS) $< >$(fg_tmp) 2>/dev/null; s=$$?; \
	case $$s in 0|1|3) mv -f $(fg_tmp) $@ ;; \
	*) rm -f $(fg_tmp); echo "$(FG_TOP) failed ($$s) on $<" >&2; \
	   exit 1 ;; esac

%.gate: $$(call fg_diffof,$$*)
	$(FG_TOP) --fail-above $(FG_GATE) $(FG_TOP_FLAGS) $(FG_GATE_FLAGS) \
	    $< >/dev/null

# One profile (or, for BASE..HEAD, its differential stream).
%.svg: %.folded
	$(FG_SVG) --title '$*' $(FG_SVG_FLAGS) $< $(fg_save)

%.top.txt: $$(if $$(call fg_range,$$*),$$*.diff.folded,$$*.folded)
	$(FG_TOP) $(FG_TOP_FLAGS) $< $(fg_save)

# A series (releases, days, windows) in FG_SERIES, oldest first: each
# NAME in it is made as NAME.folded, then fg-trend ranks the functions
# that creep or step across them; series.trend.gate fails above
# $(FG_TREND_GATE) points of real rise across the series.
FG_TREND ?= fg-trend
FG_TREND_FLAGS ?=
FG_TREND_GATE ?= 1
FG_SERIES ?=
series.trend.txt: $(addsuffix .folded,$(FG_SERIES))
	$(FG_TREND) $(FG_TREND_FLAGS) $^ $(fg_save)

# The stream goes through a temporary file, so that fg-trend failing fails
# the rule.
series.trend.svg: $(addsuffix .folded,$(FG_SERIES))
	$(FG_TREND) --stream $(FG_TREND_FLAGS) $^ >$(fg_tmp).stream && \
	    $(FG_SVG) $(FG_SVG_FLAGS) $(fg_tmp).stream >$(fg_tmp) && \
	    mv -f $(fg_tmp) $@ || \
	    { rm -f $(fg_tmp) $(fg_tmp).stream; exit 1; }; \
	    rm -f $(fg_tmp).stream

series.trend.gate: $(addsuffix .folded,$(FG_SERIES))
	$(FG_TREND) --fail-above $(FG_TREND_GATE) $(FG_TREND_FLAGS) $^ \
	    >/dev/null
