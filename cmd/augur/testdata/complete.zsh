# Drives an interactive zsh in a pseudo-terminal (zsh/zpty): loads the
# completion script $1 after compinit, types "augur bench TAB" and
# "augur predict --mach TAB", and prints found: or missing: for what each
# must show. TestCompletionZsh runs it.
zmodload zsh/zpty
script=$1
# expect TEXT: read the terminal until TEXT shows (10 s at most).
expect() {
    local out="" line deadline=$((SECONDS + 10))
    while (( SECONDS < deadline )); do
        if zpty -r -t z line; then
            out+=$line
            [[ $out == *"$1"* ]] && { print -r -- "found: $1"; return 0 }
        else
            sleep 0.05
        fi
    done
    print -r -- "missing: $1 in ${(q)out}"
    return 1
}
zpty z zsh -f -i
zpty -w z "PS1='READY> '; autoload -U compinit; compinit -u -D; source $script; print ${:-LOAD}ED"
expect LOADED
zpty -w -n z $'augur bench \t'
expect network
zpty -w -n z $'\C-u'
zpty -w -n z $'augur predict --mach\t'
expect 'predict --machine'
zpty -d z
