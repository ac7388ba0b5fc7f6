export { DevicesScreen } from './components/devices-screen';
export { ConnectDevice } from './components/connect-device';
export { DisconnectedDevicesBanner } from './components/disconnected-banner';
export { useDevices } from './api/get-devices';
export { useLiveDevices } from './hooks/use-live-devices';
