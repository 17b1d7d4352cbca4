// Compiles the tests' precompiled headers (see tests/CMakeLists.txt); holds no code.
