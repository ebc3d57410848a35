module fg/pprofdemo

go 1.19
