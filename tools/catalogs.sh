#!/usr/bin/env bash
# Refreshes Hoard's message catalogs: extract every marked text and data name into locales/hoard.pot,
# merge it into each language's .po, then compile the .mo files the bot reads (see README, Languages).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHONPATH=. pybabel extract -F babel.cfg --no-location --sort-output --omit-header \
    -k Text -k make_text -k T -k plural:1,2 -k term:1c,2 -o locales/hoard.pot .
pybabel update -i locales/hoard.pot -d locales -D hoard --no-fuzzy-matching --ignore-obsolete
pybabel compile -d locales -D hoard --statistics
