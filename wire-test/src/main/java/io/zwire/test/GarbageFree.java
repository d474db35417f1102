package io.zwire.test;

import io.zwire.Marshallable;
import io.zwire.WireType;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a JUnit 5 test method the strict garbage check of a type, one test per wire:
 *
 * <pre>{@code
 * @GarbageFree(Trade.class)
 * void tradeIsGarbageFree() {
 * }
 * }</pre>
 *
 * <p>Each wire's test runs {@link GarbageCheck} for that wire before the method's body (which may
 * stay empty): the capture check, then two forked JVMs, as compiled and with escape analysis off.
 * A test fails with the harness's report when the type allocates, is clean only through escape
 * analysis, captures in a lambda, or cannot be measured; for a type that allocates, the report
 * also names the allocating fields and the assertion to use when they allocate by design
 * ({@link GarbageCheck#assertClean()}). Each test is displayed as {@code Trade on YAML}; a Maven
 * build names it so in its reports with Surefire's phrased names (docs/garbage-testing.md). Each
 * test blocks while its JVMs run (about a second each) and allocates; the type's requirements are
 * those of {@link GarbageCheck}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(GarbageFreeExtension.class)
public @interface GarbageFree {
    /**
     * The type to check.
     *
     * @return the type: a public concrete class with a public no-argument constructor
     */
    Class<? extends Marshallable> value();

    /**
     * The wires to check it on.
     *
     * @return the wires; none (the default) means every wire {@link WireType#available()} lists
     */
    WireType[] wires() default {};

    /**
     * Round trips measured in each forked JVM.
     *
     * @return the count, {@link GarbageAssertions#ROUND_TRIPS} by default
     */
    long roundTrips() default GarbageAssertions.ROUND_TRIPS;
}
