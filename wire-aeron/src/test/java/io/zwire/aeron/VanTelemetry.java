package io.zwire.aeron;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Arrays;
import java.util.Objects;

/**
 * A type as a user writes one, not one of zwire's models: a van's telemetry with 32 scalar fields,
 * a text that is often null (the driver), a sequence of temperatures and a sequence of nested
 * battery cells, both kept in arrays of their own and read into the cells already there.
 */
public final class VanTelemetry implements Marshallable {
    static final int CAPACITY = 8;
    static final Field VIN = Field.of(1, "vin");
    static final Field DRIVER = Field.of(2, "driver");
    static final Field TIMESTAMP_NANOS = Field.of(3, "timestampNanos");
    static final Field TRIP_ID = Field.of(4, "tripId");
    static final Field SEQUENCE = Field.of(5, "sequence");
    static final Field LATITUDE = Field.of(6, "latitude");
    static final Field LONGITUDE = Field.of(7, "longitude");
    static final Field ALTITUDE = Field.of(8, "altitude");
    static final Field SPEED = Field.of(9, "speed");
    static final Field HEADING = Field.of(10, "heading");
    static final Field ODOMETER = Field.of(11, "odometer");
    static final Field FUEL_LEVEL = Field.of(12, "fuelLevel");
    static final Field ENGINE_TEMP = Field.of(13, "engineTemp");
    static final Field OIL_PRESSURE = Field.of(14, "oilPressure");
    static final Field BATTERY_VOLTS = Field.of(15, "batteryVolts");
    static final Field TYRE_FRONT_LEFT = Field.of(16, "tyreFrontLeft");
    static final Field TYRE_FRONT_RIGHT = Field.of(17, "tyreFrontRight");
    static final Field TYRE_REAR_LEFT = Field.of(18, "tyreRearLeft");
    static final Field TYRE_REAR_RIGHT = Field.of(19, "tyreRearRight");
    static final Field ACCEL_X = Field.of(20, "accelX");
    static final Field ACCEL_Y = Field.of(21, "accelY");
    static final Field ACCEL_Z = Field.of(22, "accelZ");
    static final Field GYRO_X = Field.of(23, "gyroX");
    static final Field GYRO_Y = Field.of(24, "gyroY");
    static final Field GYRO_Z = Field.of(25, "gyroZ");
    static final Field AMBIENT_TEMP = Field.of(26, "ambientTemp");
    static final Field CABIN_TEMP = Field.of(27, "cabinTemp");
    static final Field HUMIDITY = Field.of(28, "humidity");
    static final Field GEAR = Field.of(29, "gear");
    static final Field RPM = Field.of(30, "rpm");
    static final Field IGNITION = Field.of(31, "ignition");
    static final Field DOOR_OPEN = Field.of(32, "doorOpen");
    static final Field TEMPERATURES = Field.of(33, "temperatures");
    static final Field CELLS = Field.of(34, "cells");

    String vin;
    String driver;
    long timestampNanos;
    long tripId;
    long sequence;
    double latitude;
    double longitude;
    double altitude;
    double speed;
    double heading;
    double odometer;
    double fuelLevel;
    double engineTemp;
    double oilPressure;
    double batteryVolts;
    double tyreFrontLeft;
    double tyreFrontRight;
    double tyreRearLeft;
    double tyreRearRight;
    double accelX;
    double accelY;
    double accelZ;
    double gyroX;
    double gyroY;
    double gyroZ;
    double ambientTemp;
    double cabinTemp;
    double humidity;
    int gear;
    int rpm;
    boolean ignition;
    boolean doorOpen;
    final double[] temperatures = new double[CAPACITY];
    int temperatureCount;
    final Cell[] cells = new Cell[CAPACITY];
    int cellCount;

    /** An empty reading, for the subscriber to read into. */
    public VanTelemetry() {
    }

    /** A reading whose values all derive from {@code i}; every third has no driver. */
    static VanTelemetry sample(int i) {
        VanTelemetry van = new VanTelemetry();
        van.fill(i);
        return van;
    }

    /** Sets every value from {@code i}, reusing the cells already made. */
    void fill(int i) {
        vin = "WDB9066331S" + (i % 4);
        driver = i % 3 == 0 ? null : "driver-" + (i % 5);
        timestampNanos = 1L * i + 1_000_000_007L;
        tripId = 2L * i + 1_000_000_007L;
        sequence = 3L * i + 1_000_000_007L;
        latitude = i * 4.25 - 0.5;
        longitude = i * 5.25 - 0.5;
        altitude = i * 6.25 - 0.5;
        speed = i * 7.25 - 0.5;
        heading = i * 8.25 - 0.5;
        odometer = i * 9.25 - 0.5;
        fuelLevel = i * 10.25 - 0.5;
        engineTemp = i * 11.25 - 0.5;
        oilPressure = i * 12.25 - 0.5;
        batteryVolts = i * 13.25 - 0.5;
        tyreFrontLeft = i * 14.25 - 0.5;
        tyreFrontRight = i * 15.25 - 0.5;
        tyreRearLeft = i * 16.25 - 0.5;
        tyreRearRight = i * 17.25 - 0.5;
        accelX = i * 18.25 - 0.5;
        accelY = i * 19.25 - 0.5;
        accelZ = i * 20.25 - 0.5;
        gyroX = i * 21.25 - 0.5;
        gyroY = i * 22.25 - 0.5;
        gyroZ = i * 23.25 - 0.5;
        ambientTemp = i * 24.25 - 0.5;
        cabinTemp = i * 25.25 - 0.5;
        humidity = i * 26.25 - 0.5;
        gear = i % 7 + 27;
        rpm = i % 7 + 28;
        ignition = (i + 29) % 2 == 0;
        doorOpen = (i + 30) % 2 == 0;
        temperatureCount = i % (CAPACITY + 1);
        for (int t = 0; t < temperatureCount; t++) {
            temperatures[t] = 20.5 + t + i;
        }
        cellCount = (i + 3) % (CAPACITY + 1);
        for (int c = 0; c < cellCount; c++) {
            if (cells[c] == null) {
                cells[c] = new Cell();
            }
            cells[c].index = c;
            cells[c].volts = 3.7 + c / 100.0 + i;
        }
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(VIN).text(vin)
           .write(DRIVER).text(driver)
           .write(TIMESTAMP_NANOS).int64(timestampNanos)
           .write(TRIP_ID).int64(tripId)
           .write(SEQUENCE).int64(sequence)
           .write(LATITUDE).float64(latitude)
           .write(LONGITUDE).float64(longitude)
           .write(ALTITUDE).float64(altitude)
           .write(SPEED).float64(speed)
           .write(HEADING).float64(heading)
           .write(ODOMETER).float64(odometer)
           .write(FUEL_LEVEL).float64(fuelLevel)
           .write(ENGINE_TEMP).float64(engineTemp)
           .write(OIL_PRESSURE).float64(oilPressure)
           .write(BATTERY_VOLTS).float64(batteryVolts)
           .write(TYRE_FRONT_LEFT).float64(tyreFrontLeft)
           .write(TYRE_FRONT_RIGHT).float64(tyreFrontRight)
           .write(TYRE_REAR_LEFT).float64(tyreRearLeft)
           .write(TYRE_REAR_RIGHT).float64(tyreRearRight)
           .write(ACCEL_X).float64(accelX)
           .write(ACCEL_Y).float64(accelY)
           .write(ACCEL_Z).float64(accelZ)
           .write(GYRO_X).float64(gyroX)
           .write(GYRO_Y).float64(gyroY)
           .write(GYRO_Z).float64(gyroZ)
           .write(AMBIENT_TEMP).float64(ambientTemp)
           .write(CABIN_TEMP).float64(cabinTemp)
           .write(HUMIDITY).float64(humidity)
           .write(GEAR).int32(gear)
           .write(RPM).int32(rpm)
           .write(IGNITION).bool(ignition)
           .write(DOOR_OPEN).bool(doorOpen)
           .write(TEMPERATURES).sequence(this, (o, seq) -> {
               for (int t = 0; t < o.temperatureCount; t++) {
                   seq.float64(o.temperatures[t]);
               }
           })
           .write(CELLS).sequence(this, (o, seq) -> {
               for (int c = 0; c < o.cellCount; c++) {
                   seq.marshallable(o.cells[c]);
               }
           });
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(VIN).text(this, (o, v) -> o.vin = v)
          .read(DRIVER).text(this, (o, v) -> o.driver = v)
          .read(TIMESTAMP_NANOS).int64(this, (o, v) -> o.timestampNanos = v)
          .read(TRIP_ID).int64(this, (o, v) -> o.tripId = v)
          .read(SEQUENCE).int64(this, (o, v) -> o.sequence = v)
          .read(LATITUDE).float64(this, (o, v) -> o.latitude = v)
          .read(LONGITUDE).float64(this, (o, v) -> o.longitude = v)
          .read(ALTITUDE).float64(this, (o, v) -> o.altitude = v)
          .read(SPEED).float64(this, (o, v) -> o.speed = v)
          .read(HEADING).float64(this, (o, v) -> o.heading = v)
          .read(ODOMETER).float64(this, (o, v) -> o.odometer = v)
          .read(FUEL_LEVEL).float64(this, (o, v) -> o.fuelLevel = v)
          .read(ENGINE_TEMP).float64(this, (o, v) -> o.engineTemp = v)
          .read(OIL_PRESSURE).float64(this, (o, v) -> o.oilPressure = v)
          .read(BATTERY_VOLTS).float64(this, (o, v) -> o.batteryVolts = v)
          .read(TYRE_FRONT_LEFT).float64(this, (o, v) -> o.tyreFrontLeft = v)
          .read(TYRE_FRONT_RIGHT).float64(this, (o, v) -> o.tyreFrontRight = v)
          .read(TYRE_REAR_LEFT).float64(this, (o, v) -> o.tyreRearLeft = v)
          .read(TYRE_REAR_RIGHT).float64(this, (o, v) -> o.tyreRearRight = v)
          .read(ACCEL_X).float64(this, (o, v) -> o.accelX = v)
          .read(ACCEL_Y).float64(this, (o, v) -> o.accelY = v)
          .read(ACCEL_Z).float64(this, (o, v) -> o.accelZ = v)
          .read(GYRO_X).float64(this, (o, v) -> o.gyroX = v)
          .read(GYRO_Y).float64(this, (o, v) -> o.gyroY = v)
          .read(GYRO_Z).float64(this, (o, v) -> o.gyroZ = v)
          .read(AMBIENT_TEMP).float64(this, (o, v) -> o.ambientTemp = v)
          .read(CABIN_TEMP).float64(this, (o, v) -> o.cabinTemp = v)
          .read(HUMIDITY).float64(this, (o, v) -> o.humidity = v)
          .read(GEAR).int32(this, (o, v) -> o.gear = v)
          .read(RPM).int32(this, (o, v) -> o.rpm = v)
          .read(IGNITION).bool(this, (o, v) -> o.ignition = v)
          .read(DOOR_OPEN).bool(this, (o, v) -> o.doorOpen = v)
          .read(TEMPERATURES).sequence(this, (o, seq) -> {
              o.temperatureCount = 0;
              while (o.temperatureCount < CAPACITY && seq.hasNextElement()) {
                  o.temperatures[o.temperatureCount++] = seq.float64();
              }
          })
          .read(CELLS).sequence(this, (o, seq) -> {
              o.cellCount = 0;
              while (o.cellCount < CAPACITY && seq.hasNextElement()) {
                  if (o.cells[o.cellCount] == null) {
                      o.cells[o.cellCount] = new Cell();
                  }
                  seq.marshallable(o.cells[o.cellCount++]);
              }
          });
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof VanTelemetry that)) {
            return false;
        }
        if (!Objects.equals(vin, that.vin) || !Objects.equals(driver, that.driver)
                || !Arrays.equals(temperatures, 0, temperatureCount, that.temperatures, 0, that.temperatureCount)
                || !Arrays.equals(cells, 0, cellCount, that.cells, 0, that.cellCount)) {
            return false;
        }
        return timestampNanos == that.timestampNanos
                && tripId == that.tripId
                && sequence == that.sequence
                && Double.compare(latitude, that.latitude) == 0
                && Double.compare(longitude, that.longitude) == 0
                && Double.compare(altitude, that.altitude) == 0
                && Double.compare(speed, that.speed) == 0
                && Double.compare(heading, that.heading) == 0
                && Double.compare(odometer, that.odometer) == 0
                && Double.compare(fuelLevel, that.fuelLevel) == 0
                && Double.compare(engineTemp, that.engineTemp) == 0
                && Double.compare(oilPressure, that.oilPressure) == 0
                && Double.compare(batteryVolts, that.batteryVolts) == 0
                && Double.compare(tyreFrontLeft, that.tyreFrontLeft) == 0
                && Double.compare(tyreFrontRight, that.tyreFrontRight) == 0
                && Double.compare(tyreRearLeft, that.tyreRearLeft) == 0
                && Double.compare(tyreRearRight, that.tyreRearRight) == 0
                && Double.compare(accelX, that.accelX) == 0
                && Double.compare(accelY, that.accelY) == 0
                && Double.compare(accelZ, that.accelZ) == 0
                && Double.compare(gyroX, that.gyroX) == 0
                && Double.compare(gyroY, that.gyroY) == 0
                && Double.compare(gyroZ, that.gyroZ) == 0
                && Double.compare(ambientTemp, that.ambientTemp) == 0
                && Double.compare(cabinTemp, that.cabinTemp) == 0
                && Double.compare(humidity, that.humidity) == 0
                && gear == that.gear
                && rpm == that.rpm
                && ignition == that.ignition
                && doorOpen == that.doorOpen;
    }

    @Override
    public int hashCode() {
        return Objects.hash(vin, driver, sequence);
    }

    @Override
    public String toString() {
        return "VanTelemetry{vin=" + vin + ", driver=" + driver + ", sequence=" + sequence + ", temperatures="
                + Arrays.toString(Arrays.copyOf(temperatures, temperatureCount)) + ", cells="
                + Arrays.toString(Arrays.copyOf(cells, cellCount)) + "}";
    }

    /** One battery cell: a nested object inside a sequence. */
    public static final class Cell implements Marshallable {
        static final Field INDEX = Field.of(1, "index");
        static final Field VOLTS = Field.of(2, "volts");

        int index;
        double volts;

        /** An empty cell, read into. */
        public Cell() {
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(INDEX).int32(index).write(VOLTS).float64(volts);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(INDEX).int32(this, (o, v) -> o.index = v).read(VOLTS).float64(this, (o, v) -> o.volts = v);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Cell that && index == that.index && Double.compare(volts, that.volts) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(index, volts);
        }

        @Override
        public String toString() {
            return index + ":" + volts;
        }
    }
}
