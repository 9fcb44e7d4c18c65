try:  # a Ctrl-C this early (Python still importing) is one line too
    from interpreter.frontends.entry import main
except KeyboardInterrupt:
    import sys

    sys.stderr.write("interrupted\n")
    raise SystemExit(130) from None

main()
