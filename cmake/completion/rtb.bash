# bash completion for the rtb commands (tbgen, tbprobe, tbserve), installed
# once per command under bash-completion/completions/. The options come from
# the command's own --help, the games and their parameters from
# `tbgen --list`, so this file never goes stale. It needs bash only (no
# bash-completion helpers).

# The games tbgen knows, or nothing if tbgen is not on the path.
_rtb_games() {
  command tbgen --list 2>/dev/null | command grep -v '^[[:space:]]' || true
}

# "key=" for each parameter of game $1.
_rtb_param_keys() {
  command tbgen --list 2>/dev/null |
    command awk -v game="$1" '/^[^[:space:]]/ { in_game = ($1 == game) }
                              in_game && $1 == "--param" { sub(/=.*/, "=", $2); print $2 }'
}

_rtb_complete() {
  local command=$1 cur=${COMP_WORDS[COMP_CWORD]} prev=""
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  case $prev in
    --game | -g)
      mapfile -t COMPREPLY < <(compgen -W "$(_rtb_games)" -- "$cur")
      return
      ;;
    --param | -p)
      local i game=""
      for ((i = 1; i < COMP_CWORD; i++)); do
        [[ ${COMP_WORDS[i]} == --game || ${COMP_WORDS[i]} == -g ]] && game=${COMP_WORDS[i + 1]}
      done
      mapfile -t COMPREPLY < <(compgen -W "$(_rtb_param_keys "$game")" -- "$cur")
      compopt -o nospace 2>/dev/null
      return
      ;;
    --out | -o | --dir | --web)
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
      return
      ;;
    --table | --plot)
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return
      ;;
  esac
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$("$command" --help 2>/dev/null | command grep -oE -- '--[a-z][a-z-]*' | sort -u)" -- "$cur")
  elif [[ $command == tbgen && $COMP_CWORD == 1 ]]; then
    mapfile -t COMPREPLY < <(compgen -W "generate verify compact check plan" -- "$cur")
  fi
}

complete -F _rtb_complete tbgen tbprobe tbserve
