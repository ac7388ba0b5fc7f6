import { type DeviceDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';

export type MacGroup = { mac: DeviceDto; iphones: DeviceDto[] };
export type DeviceGroups = { macs: MacGroup[]; androids: DeviceDto[] };

/** A row's name: a phone formatted for reading, an Apple ID or a computer name as they are. */
export function deviceName(device: DeviceDto): string {
  return device.isComputer ? device.value : formatPhone(device.value);
}

/** What a device is: 'Android phone', 'iPhone · via Office iMac', 'Mac · Intel', a simulated phone. */
export function deviceKind(device: DeviceDto): string {
  if (device.isComputer) return device.isIntel ? 'Mac · Intel' : 'Mac · Apple silicon';
  if (device.simulated) return 'Simulated phone · runs on the server';
  if (device.phoneType === 'Android') return 'Android phone';
  return device.macName ? `iPhone · via ${device.macName}` : 'iPhone';
}

/** Devices that run the agent themselves: Android phones and Macs (an iPhone texts through its Mac). */
export function isAgentDevice(device: DeviceDto): boolean {
  return device.phoneType === 'Android' || device.isComputer;
}

/** Each Mac with the iPhones that text through it, then the Android phones; oldest first, as the server lists them. */
export function groupDevices(devices: readonly DeviceDto[]): DeviceGroups {
  const macs = devices
    .filter((d) => d.isComputer)
    .map((mac) => ({ mac, iphones: devices.filter((d) => !d.isComputer && d.macId === mac._id) }));
  const androids = devices.filter((d) => d.phoneType === 'Android');
  return { macs, androids };
}

/** The agents the banner names: those whose Android phone or Mac is not connected. */
export function disconnectedAgents(devices: readonly DeviceDto[]): DeviceDto[] {
  return devices.filter((d) => isAgentDevice(d) && !d.connected);
}
