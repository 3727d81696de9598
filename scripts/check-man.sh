#!/usr/bin/env bash
# Checks the commands' hand-written man pages (docs/man/tbgen.1, tbprobe.1,
# tbserve.1) against the commands a build made. For each command:
#  - its page formats without a warning: `man --warnings -l` prints nothing
#    on stderr (at MANWIDTH=80);
#  - every long option (--something) the command's --help lists is
#    documented: it heads an entry (the tag line of a .TP) in the page's
#    OPTIONS section, where roff writes its dashes as \-\- (\- and font
#    escapes are read through);
#  - the page's .TH names the version the command's --version prints;
#  - tbgen.1's GAMES section has an entry for each game `tbgen --list`
#    prints, and within it an entry (key=...) for each of its parameters.
#
#   scripts/check-man.sh BUILD_DIR
#
# The commands are BUILD_DIR/cli/tbgen, BUILD_DIR/cli/tbprobe and
# BUILD_DIR/server/tbserve. Prints one line per problem, naming the page,
# and exits 1 if there is any; exits 0 when every page passes.
set -euo pipefail
[ $# -eq 1 ] || {
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
}
build=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
command -v man >/dev/null || {
  echo "check-man: no man command (Debian: apt-get install man-db)" >&2
  exit 1
}
status=0
problem() {
  echo "check-man: $*"
  status=1
}

# The long options a --help lists: each option line of the table opens
# with two spaces, then "--name" or "-x [ --name ]"; the descriptions'
# continuation lines, which may begin with another command's option, are
# indented further.
help_options() {
  sed -nE 's/^  (-[[:alnum:]] \[ )?--([[:alnum:]][[:alnum:]-]*).*/--\2/p' | sort -u
}

# The tags (the line after each .TP) of a section of a page (and of its
# subsections), as text: roff's font escapes, \- and \&-like escapes read
# through, and the macro and its quotes dropped. Each tag is preceded by
# its depth of .RS nesting and a tab.
section_tags() {  # section_tags PAGE SECTION
  awk -v section="$2" '
    /^\.SH/ { inside = ($0 ~ "^\\.SH +\"?" section "\"?[ \t]*$"); depth = 0; next }
    !inside { next }
    tag { print depth "\t" $0; tag = 0; next }
    /^\.TP/ { tag = 1 }
    /^\.RS/ { depth++ }
    /^\.RE/ { depth-- }' "$1" |
    sed -E 's/\\f(\[[^]]*\]|\(..|.)//g; s/\\-/-/g; s/\\[&%c]//g; s/\t\.[A-Z]+ */\t/; s/"//g'
}

# The long options heading an entry of the page's OPTIONS section.
page_options() {
  section_tags "$1" OPTIONS | grep -oE -- '--[[:alnum:]][[:alnum:]-]*' | sort -u || true
}

# "game" and "game key" for each game and parameter `tbgen --list` prints.
list_games() {
  awk '/^[^ \t]/ { game = $1; print game }
       $1 == "--param" { key = $2; sub(/=.*/, "", key); print game " " key }'
}

# The same from the GAMES section: each game an entry, its parameters the
# entries (key=...) of an indented list under it.
page_games() {
  section_tags "$1" GAMES | awk -F'\t' '
    $1 == 0 { game = $2; sub(/[ \t].*/, "", game); print game }
    $1 == 1 && $2 ~ /=/ { key = $2; sub(/=.*/, "", key); print game " " key }'
}

for command in tbgen tbprobe tbserve; do
  binary=$build/cli/$command
  if [ "$command" = tbserve ]; then binary=$build/server/$command; fi
  page=docs/man/$command.1
  if [ ! -x "$binary" ]; then
    problem "$binary: no such command (build it first)"
    continue
  fi
  if [ ! -f "$page" ]; then
    problem "$page: no such page"
    continue
  fi

  # 1. Formats cleanly.
  warnings=$(MANWIDTH=80 man --warnings -E UTF-8 -l "$page" 2>&1 >/dev/null || true)
  while IFS= read -r line; do
    if [ -n "$line" ]; then problem "$page: man --warnings: $line"; fi
  done <<<"$warnings"

  # 2. Every option of --help is documented.
  help=$("$binary" --help) || {
    problem "$command --help failed"
    continue
  }
  documented=$(page_options "$page")
  while IFS= read -r option; do
    [ -z "$option" ] && continue
    grep -qxF -- "$option" <<<"$documented" ||
      problem "$page does not document $option (listed by $command --help)"
  done < <(help_options <<<"$help")

  # 3. tbgen.1 lists every game and parameter of tbgen --list.
  if [ "$command" = tbgen ]; then
    games=$(page_games "$page")
    while IFS= read -r entry; do
      [ -z "$entry" ] && continue
      grep -qxF -- "$entry" <<<"$games" && continue
      if [[ $entry == *" "* ]]; then
        problem "$page does not document --param ${entry#* }=... of game ${entry%% *} in GAMES (listed by tbgen --list)"
      else
        problem "$page does not list the game $entry in GAMES (listed by tbgen --list)"
      fi
    done < <("$binary" --list | list_games)
  fi

  # 4. The version on the page is the command's.
  version=$("$binary" --version | sed -n 's/^.* (rtb) //p')
  th_version=$(awk -F'"' '/^\.TH/ { sub(/^rtb /, "", $4); print $4; exit }' "$page")
  [ "$th_version" = "$version" ] ||
    problem "$page names version '$th_version' in .TH, but $command --version says '$version'"
done
if [ $status -eq 0 ]; then
  echo "check-man: tbgen.1, tbprobe.1, tbserve.1: no warnings, every --help option and game documented"
fi
exit $status
