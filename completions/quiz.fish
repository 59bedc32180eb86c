# fish completion for quiz(1). Installed as
# PREFIX/share/fish/vendor_completions.d/quiz.fish; or `source` this file.

# The quiz ids that `quiz --list` prints in its first column, with their
# titles, counting any --questions already on the command line.
function __quiz_quizzes
    set -l words (commandline -opc)
    set -l extra
    for i in (seq 2 (count $words))
        switch $words[$i]
            case --questions
                if test $i -lt (count $words)
                    set -a extra --questions $words[(math $i + 1)]
                end
            case '--questions=*'
                set -a extra $words[$i]
        end
    end
    command quiz --list $extra 2>/dev/null | string replace -r '^(\S+)\s+\d+ questions?\s+' '$1\t'
end

# A QUIZ may be a bank file: offer files once the word looks like a path.
function __quiz_path_typed
    string match -q -r -- '^[./~]|/' (commandline -ct)
end

function __quiz_validating
    contains -- --validate (commandline -opc)
end

function __quiz_stats
    contains -- --stats (commandline -opc)
end

function __quiz_share
    contains -- --share (commandline -opc)
end

complete -c quiz -f
complete -c quiz -s n -l count -x -d 'Questions per game (default 10, or all)'
complete -c quiz -l seed -x -d 'Deal the questions in a repeatable order'
complete -c quiz -l questions -r -F -d 'A bank file or a folder of banks'
complete -c quiz -l max-download -x -d 'The most a --questions URL may bring (32M)'
complete -c quiz -l data-dir -x -a '(__fish_complete_directories)' -d 'Where the history lives'
complete -c quiz -l sync-dir -x -a '(__fish_complete_directories)' -d 'A folder synced between machines'
complete -c quiz -l merge-history -r -F -d 'Add the games of another history'
complete -c quiz -l import -r -F -d 'Make a bank of the cards in a file'
complete -c quiz -l output -r -F -d 'With --import: the bank file written'
complete -c quiz -l import-format -x -a 'anki-text quizlet csv markdown anki-package' -d 'With --import: the cards file format'
complete -c quiz -l import-separator -x -d 'With --import: between a term and its definition'
complete -c quiz -l import-card-separator -x -d 'With --import: between Quizlet cards'
complete -c quiz -l no-reviews -d 'With --import of an Anki package: leave its reviews out of the history'
complete -c quiz -l history -d 'Print the history of games'
complete -c quiz -l share -d 'Print the last game as a share card'
complete -c quiz -l stats -d 'Print statistics'
complete -c quiz -l review -d 'Play the questions due for review'
complete -c quiz -l daily -d 'Play the daily quiz (of today, or of DATE yyyy-MM-dd)'
complete -c quiz -l compare -F -d "A friend's daily card beside yours"
complete -c quiz -l ghost -F -d "With --daily: race a friend's card"
complete -c quiz -l history-check -d 'With --validate: recorded prompts that match no question'
complete -c quiz -l fsrs-parameters -r -F -d 'Schedule reviews with these FSRS parameters'
complete -c quiz -l game -x -d 'With --share: the Nth game back'
complete -c quiz -l ascii -d 'With --share or --stats: no emoji or blocks'
complete -c quiz -l colorblind -d 'With --share: orange and blue squares'
complete -c quiz -l text -d 'With --share: the game as one plain sentence'
complete -c quiz -l category -x -d 'With QUIZ: only questions of this category'
complete -c quiz -l difficulty -x -a 'easy medium hard' -d 'With QUIZ: only questions of this difficulty'
complete -c quiz -l list -d 'List the quizzes found'
complete -c quiz -l validate -d 'Check question banks'
complete -c quiz -l format -x -n 'not __quiz_stats; and not __quiz_share' -a 'table markdown csv json reviews' -d 'With --history: the output format'
complete -c quiz -l format -x -n '__quiz_stats' -a 'table json html' -d 'With --stats: the output format'
complete -c quiz -l format -x -n '__quiz_share' -a 'svg' -d 'With --share: the card as an SVG image'
complete -c quiz -l limit -x -d 'With --history: only the newest N games'
complete -c quiz -l quiz -x -a '(__quiz_quizzes)' -d 'With --history or --review: only this quiz'
complete -c quiz -l no-color -d 'Never colour the output'
complete -c quiz -l no-pager -d 'With --history: print with no pager'
complete -c quiz -s h -l help -d 'Show the help'
complete -c quiz -l version -d 'Show the version'
complete -c quiz -n 'not __quiz_validating' -a '(__quiz_quizzes)'
complete -c quiz -n '__quiz_validating; or __quiz_path_typed' -F
