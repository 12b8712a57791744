// Defines section .sk_conflict as SHT_NOBITS; conflict_progbits.cpp defines it as SHT_PROGBITS.
asm(".section .sk_conflict,\"aw\",@nobits\n.zero 4\n.text");
