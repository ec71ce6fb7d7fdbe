/* The floor: a bare loop over libyaml's parse events, doing nothing with them.
 * No tool that reads YAML with libyaml can be faster than this. Prints the event count. */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
    long events = 0;
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        if (!file) { perror(argv[i]); return 2; }
        fseek(file, 0, SEEK_END);
        long size = ftell(file);
        fseek(file, 0, SEEK_SET);
        unsigned char *buffer = malloc(size > 0 ? size : 1);
        if (fread(buffer, 1, size, file) != (size_t)size) { perror(argv[i]); return 2; }
        fclose(file);
        yaml_parser_t parser;
        yaml_event_t event;
        yaml_parser_initialize(&parser);
        yaml_parser_set_input_string(&parser, buffer, size);
        int done = 0;
        while (!done) {
            if (!yaml_parser_parse(&parser, &event)) { fprintf(stderr, "%s: parse error\n", argv[i]); return 1; }
            done = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            events++;
        }
        yaml_parser_delete(&parser);
        free(buffer);
    }
    printf("%ld\n", events);
    return 0;
}
