package io.zwire.text.scan;

import io.zwire.Bytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LineCounterTest {
    private static Bytes text(String s) {
        return Bytes.wrap(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void lfCrLfAndALoneCrEachEndOneLine() {
        Bytes bytes = text("a\nb\r\nc\rd");
        LineCounter lines = new LineCounter();
        lines.moveTo(bytes, 7);
        assertEquals(4, lines.line());
        assertEquals(1, lines.column());
    }

    @Test
    void aCrLfPairCountedInTwoStepsIsOneLineBreak() {
        Bytes bytes = text("ab\r\ncd");
        LineCounter lines = new LineCounter();
        lines.moveTo(bytes, 3);
        assertEquals(2, lines.line());
        lines.moveTo(bytes, 5);
        assertEquals(2, lines.line());
        assertEquals(2, lines.column());
    }

    @Test
    void columnsCountCharactersAndAnEarlierOffsetCountsAgain() {
        Bytes bytes = text("\u20ac\u20acx\ny");
        LineCounter lines = new LineCounter();
        lines.moveTo(bytes, 6);
        assertEquals(1, lines.line());
        assertEquals(3, lines.column());
        lines.moveTo(bytes, 8);
        assertEquals(2, lines.line());
        lines.moveTo(bytes, 3);
        assertEquals(1, lines.line());
        assertEquals(2, lines.column());
    }

    @Test
    void anotherBufferCountsFromItsStart() {
        LineCounter lines = new LineCounter();
        lines.moveTo(text("a\nb\nc"), 4);
        assertEquals(3, lines.line());
        lines.moveTo(text("abcdef"), 5);
        assertEquals(1, lines.line());
        assertEquals(6, lines.column());
    }
}
