// Defines section .sk_conflict as SHT_PROGBITS; conflict_nobits.cpp defines it as SHT_NOBITS.
asm(".section .sk_conflict,\"aw\",@progbits\n.long 1\n.text");
