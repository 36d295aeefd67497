import LoadrunCLI

/// The main command's `--help` text: its usage lines, which name every option group, and
/// what it does with examples. Kept apart from the options, which say each one's own help.
enum LoadrunHelp {
    static let usage = """
            loadrun [<url-or-source>]... [--source <name>]... [--url <url>]... [--url-file <file>] [--all] [--shard <K/N>]
                    [--config <file>] [--plugin <name> | --jq <program>] [--arg <name> <value>]... [--argjson <name> <json>]...
                    [--output text|json|ndjson] [--max-items <n>] [--sort-keys] [--compact-output] [--color <when>]
                    [--watch [<interval>]] [--pages <n> | --all-pages] [--follow-cross-host]
                    [--until <program> | --until-change | --until-ok] [--until-timeout <duration>] [--on-change <command>]
                    [-i | -I] [--browse] [--detail <template>] [--no-prefetch] [--no-mouse]
                    [--page-param <name> [--per-page <n> [--per-page-param <name>]]]
                    [-X <method>] [-d <data>... | --json <data>... | -F <name=content>... | -T <file>] [-H <header>]... [-A <name>]
                    [-u <user:password>] [--netrc | --netrc-file <file>] [-b <data|file>]... [-c <file>]
                    [-o <file>]... [-O] [--output-dir <dir>] [--create-dirs] [-C -] [--no-clobber]
                    [-s] [-L] [-f] [--compressed] [--max-redirs <n>] [-x <url>] [-w <format>]
                    [--cacert <file>] [-k] [--http1.1] [-v | -q] [--trace <file>]
                    [--max-per-host <n>] [--max-connections <n>] [--connect-timeout <duration>]
                    [--retry <n> | --no-retry] [--retry-delay <duration>] [--retry-max-time <duration>] [--retry-all-errors]
                    [--retry-connrefused] [--no-cache] [--image-format <format>] [--size <WxH>]
                    [--timeout <duration>] [--max-size <size>] [--no-history | --keep <n>] [--unseen | --unread]
            loadrun sources [--config <file>]
            loadrun plugins
            loadrun history [<source> [--show <K> | --diff [<version> [<version>]]]]
            loadrun serve [--port <port>]
            """

    static let discussion = """
            The built-in sources load from the embedded sample server, which needs no network. \
            More sources come from $XDG_CONFIG_HOME/loadrun/sources.conf (see the README). \
            Several sources load at once; each one's content is printed in the order given, as \
            soon as it and those before it are done. Content goes to stdout; progress and errors \
            go to stderr. With no source or URL named, content piped or redirected into stdin is \
            what loads, as jq reads its input (a terminal or /dev/null on stdin leaves the sample \
            posts). On a terminal, views fit its width; on a pipe or in a file (without COLUMNS), \
            output is the data, whole: JSON that jq parses, every table cell and link in full, \
            nothing cut with …. Ctrl-C cancels the loads in flight; a second Ctrl-C quits at once. \
            With --browse, the content is shown full-screen: select an item of a list and press \
            Enter to open its detail.

            EXAMPLES
              loadrun posts
              loadrun http://127.0.0.1:8080/posts
              loadrun --source posts
              loadrun --source posts --url http://127.0.0.1:8080/posts
              loadrun --source posts --watch 30s
              loadrun --source posts --browse
              loadrun --url https://api.example.com/users --browse --detail '/users/{id}'
              loadrun --all --watch
              loadrun --url http://127.0.0.1:8080/a --url http://127.0.0.1:8080/b
              loadrun --url 127.0.0.1:8080/posts --url ./posts.json
              loadrun -X POST --json '{"query":"{ posts { id } }"}' api.example.com/graphql
              curl -s https://api.example.com/users | loadrun --jq '.[].name'
              loadrun 127.0.0.1:8080/posts --jq '.[] | select(.id == ($id|tonumber))' --arg id 3
              loadrun -i 127.0.0.1:8080/posts
              loadrun --url-file urls.txt --plugin posts
              find . -name '*.json' | loadrun --url-file -
              loadrun --all --watch --output ndjson --shard 0/4
              loadrun serve --port 8080

            \(RunOutcome.helpText)
            """
}
