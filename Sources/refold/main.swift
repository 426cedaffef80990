import Host

Refold.main()
