# Conveniences over scripts/; the README's two commands are scripts/quickstart and scripts/test.
.PHONY: build release run test bench clean deps stage install uninstall

# Recipes source scripts/swift-env, which finds Swift in /opt/swift when PATH lacks it (as
# under sudo).
SHELL := /bin/bash
swift = source scripts/swift-env && swift

# `make install` puts everything under $(DESTDIR)$(PREFIX).
PREFIX ?= /usr/local
DESTDIR ?=
# What it installs, and where it stages the generated files first. The install tests name
# their debug build in BINARY and a generate-manual they built themselves in GENERATE_MANUAL:
# inside `swift test`, SwiftPM holds .build's lock, so neither a release build nor the
# plugin could run there.
BINARY ?= .build/release/loadrun
GENERATE_MANUAL ?=
STAGE ?= .build/install
# The page's date: the last commit's, so that the same sources give the same page.
MANUAL_DATE := $(shell git log -1 --format=%cs 2>/dev/null)

bindir = $(DESTDIR)$(PREFIX)/bin
man1dir = $(DESTDIR)$(PREFIX)/share/man/man1
bashdir = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

build:
	$(swift) build

# The Swift runtime goes inside the binary (see scripts/quickstart): about 3 ms off every run.
release:
	$(swift) build -c release --product loadrun --static-swift-stdlib

# The default binary is the release build, made (or brought up to date) first.
.build/release/loadrun: release

run:
	scripts/quickstart

test:
	scripts/test

bench:
	scripts/bench

clean:
	rm -rf .build

deps:
	scripts/install-deps

# What `make install` copies, made in $(STAGE). loadrun(1): swift-argument-parser's
# generate-manual writes it from the command definitions, through its plugin (which builds the
# package in release first) unless GENERATE_MANUAL names the tool; scripts/finish-man-page.py
# lays out the help text for roff and adds the docs/ pages' sections on the sources file, keys,
# signals and exit codes. The shell completions come from the binary.
stage: deps $(BINARY)
	rm -rf $(STAGE) && mkdir -p $(STAGE)/generated
ifeq ($(GENERATE_MANUAL),)
	$(swift) package plugin generate-manual $(if $(MANUAL_DATE),--date $(MANUAL_DATE))
	cp .build/plugins/GenerateManual/outputs/loadrun/loadrun.1 $(STAGE)/generated/
else
	$(GENERATE_MANUAL) $(BINARY) --output-directory $(STAGE)/generated $(if $(MANUAL_DATE),--date $(MANUAL_DATE))
endif
	scripts/finish-man-page.py $(STAGE)/generated/loadrun.1 docs "$$($(BINARY) --version)" > $(STAGE)/loadrun.1
	$(BINARY) --generate-completion-script bash > $(STAGE)/loadrun.bash
	$(BINARY) --generate-completion-script zsh > $(STAGE)/_loadrun
	$(BINARY) --generate-completion-script fish > $(STAGE)/loadrun.fish

install: stage
	install -d $(bindir) $(man1dir) $(bashdir) $(zshdir) $(fishdir)
	install -m 755 $(BINARY) $(bindir)/loadrun
	install -m 644 $(STAGE)/loadrun.1 $(man1dir)/loadrun.1
	install -m 644 $(STAGE)/loadrun.bash $(bashdir)/loadrun
	install -m 644 $(STAGE)/_loadrun $(zshdir)/_loadrun
	install -m 644 $(STAGE)/loadrun.fish $(fishdir)/loadrun.fish

uninstall:
	rm -f $(bindir)/loadrun $(man1dir)/loadrun.1 $(bashdir)/loadrun $(zshdir)/_loadrun $(fishdir)/loadrun.fish
