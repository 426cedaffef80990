// The `refold` command. Everything it does lives in the Host module, so that other programs can
// embed the same command line with their own features.
import Host

await Refold.main()
