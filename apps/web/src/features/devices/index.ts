export { DevicesScreen } from './components/devices-screen';
export { DisconnectedDevicesBanner } from './components/disconnected-banner';
export { useDevices } from './api/get-devices';
export { useLiveDevices } from './hooks/use-live-devices';
