/*
 * HotSpot's disassembler plugin (the library -XX:+PrintAssembly and JMH's perfasm profiler load),
 * over the capstone disassembler, for x86-64. A development aid for reading the code C2 makes of
 * zwire's hot paths; nothing in zwire links it. Build it with build-hsdis.sh beside this file.
 *
 * HotSpot calls decode_instructions_virtual with a range of code (the buffer is the code itself,
 * at start_va), and two callbacks: one for events (the start and end of each instruction, which
 * HotSpot uses to place its own annotations) and one printf-like function for the text. Kept
 * small on purpose: the listing is always in Intel syntax (PrintAssemblyOptions and perfasm's
 * intelSyntax are ignored), and call and jump targets print as addresses, not as HotSpot's stub
 * names. JDK 19 and later can also be built with a capstone plugin of their own; this one serves
 * JDK 17 and 25 alike.
 */
#include <stdint.h>
#include <stdio.h>
#include <capstone/capstone.h>

typedef void *(*event_callback)(void *stream, const char *event, void *arg);
typedef int (*printf_callback)(void *stream, const char *format, ...);

void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
                                  event_callback on_event, void *event_stream,
                                  printf_callback print, void *print_stream,
                                  const char *options, int newline) {
    (void) end_va;
    (void) options;
    if (print == NULL) {
        print = (printf_callback) fprintf;
        if (print_stream == NULL) {
            print_stream = stdout;
        }
    }
    csh handle;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &handle) != CS_ERR_OK) {
        return NULL;
    }
    /* Data between instructions (constants, padding) is shown as bytes, and the listing goes on. */
    cs_option(handle, CS_OPT_SKIPDATA, CS_OPT_ON);
    cs_insn *instructions;
    size_t count = cs_disasm(handle, buffer, length, start_va, 0, &instructions);
    uintptr_t decoded_end = start_va;
    for (size_t i = 0; i < count; i++) {
        const cs_insn *in = &instructions[i];
        if (on_event != NULL) {
            on_event(event_stream, "insn", (void *) in->address);
        }
        print(print_stream, "%s\t%s", in->mnemonic, in->op_str);
        if (on_event != NULL) {
            on_event(event_stream, "/insn", (void *) (in->address + in->size));
        }
        if (newline) {
            print(print_stream, "\n");
        }
        decoded_end = in->address + in->size;
    }
    if (count > 0) {
        cs_free(instructions, count);
    }
    cs_close(&handle);
    /* The plugin's contract: where decoding stopped. HotSpot does not use it. */
    return (void *) decoded_end;
}
