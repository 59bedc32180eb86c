# bash completion for quiz(1). Installed as
# PREFIX/share/bash-completion/completions/quiz; or `source` this file.

# The quiz ids that `quiz --list` prints in its first column, counting any
# --questions already on the command line.
_quiz_quizzes() {
    local -a extra=()
    local i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            --questions)
                [[ ${COMP_WORDS[i + 1]} == = ]] && ((i++))
                extra+=(--questions "${COMP_WORDS[i + 1]}")
                ;;
        esac
    done
    command quiz --list "${extra[@]}" 2>/dev/null | while read -r id _; do
        printf '%s\n' "$id"
    done
}

_quiz() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    local option=
    # COMP_WORDBREAKS splits --format=csv into --format, =, csv.
    if [[ $cur == = ]]; then
        option=$prev
        cur=
    elif [[ $prev == = ]] && ((COMP_CWORD >= 2)); then
        option=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $prev == -* ]]; then
        option=$prev
    fi
    COMPREPLY=()
    case $option in
        --format)
            # --stats takes table, json and html; --share only svg.
            local formats='table markdown csv json reviews' word
            for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
                [[ $word == --stats ]] && formats='table json html'
                [[ $word == --share ]] && formats='svg'
            done
            mapfile -t COMPREPLY < <(compgen -W "$formats" -- "$cur")
            return
            ;;
        --quiz)
            mapfile -t COMPREPLY < <(compgen -W "$(_quiz_quizzes)" -- "$cur")
            return
            ;;
        --questions)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return
            ;;
        --data-dir | --sync-dir)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -d -- "$cur")
            return
            ;;
        --difficulty)
            mapfile -t COMPREPLY < <(compgen -W 'easy medium hard' -- "$cur")
            return
            ;;
        --fsrs-parameters | --merge-history | --import | --output)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return
            ;;
        --import-format)
            mapfile -t COMPREPLY < <(compgen -W 'anki-text quizlet csv markdown anki-package' -- "$cur")
            return
            ;;
        -n | --count | --seed | --limit | --game | --category | --max-download | --import-separator | --import-card-separator)
            return
            ;;
        --daily)
            # An optional DATE (yyyy-MM-dd): nothing to complete, options still.
            [[ $cur == -* ]] || return
            ;;
        --compare | --ghost)
            # An optional FILE.
            if [[ $cur != -* ]]; then
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
                return
            fi
            ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W '-n --count --seed --questions --max-download --category --difficulty
            --data-dir --sync-dir --history --share --stats --review --daily --compare --ghost --list --validate --format --limit
            --quiz --game --ascii
            --colorblind --text --no-color --no-pager --fsrs-parameters --history-check --merge-history --import --output --import-format
            --import-separator --import-card-separator --no-reviews -h --help --version' -- "$cur")
        return
    fi
    local word
    for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
        if [[ $word == --validate ]]; then
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return
        fi
    done
    # A QUIZ: an id, or a bank file when it looks like a path.
    if [[ $cur == */* || $cur == .* || $cur == "~"* ]]; then
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    else
        mapfile -t COMPREPLY < <(compgen -W "$(_quiz_quizzes)" -- "$cur")
    fi
}

complete -F _quiz quiz
